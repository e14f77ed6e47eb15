import { sql, type Insertable, type Kysely } from 'kysely'
import type { AsOfBasis, ProgressUnit, RunCountsByKind, RunSkippedRow, RunState, SkippedProject } from '../../../api/contract/sources'
import type { Database, Dataset, SourceRunTable } from '../schema'
import { scoped, type ScopedDb } from './scoped'

/**
 * A run as it is recorded; one recorded already finished (a seeding) may give its counts by kind as its plan
 * counted them (`byKind`).
 */
export type NewSourceRun = Omit<Insertable<SourceRunTable>, 'counts_by_kind'> & { byKind?: RunCountsByKind }

export async function insertRun(db: ScopedDb, { byKind, ...run }: NewSourceRun) {
  const row = { ...run, ...(byKind ? { counts_by_kind: JSON.stringify(byKind) } : {}) }
  return db.insertInto('source_runs').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function findRun(db: ScopedDb, id: string) {
  return db.selectFrom('source_runs').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findRunByIdempotencyKey(db: ScopedDb, credential: string, key: string) {
  return db
    .selectFrom('source_runs')
    .selectAll()
    .where('credential', '=', credential)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

export async function listRuns(db: ScopedDb, query: { source?: string; state?: RunState; page: number; per_page: number }) {
  let base = db.selectFrom('source_runs')
  if (query.source) base = base.where((eb) => eb.or([eb('source_id', '=', query.source!), eb('connector', '=', query.source!)]))
  if (query.state) base = base.where('state', '=', query.state)
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Where a lease ends: `ms` from now on the database's clock, which every process shares. */
const leaseEnd = (ms: number) => sql<Date>`clock_timestamp() + ${ms}::integer * interval '1 millisecond'`

/**
 * Takes the oldest queued run and leases it to `owner`, unless a run of the dataset is running already. The row
 * is locked with SKIP LOCKED, so processes claiming at once each pass over what another is taking; the unique
 * index on running runs is the last word, and a claim that loses to it claims nothing.
 */
export async function claimNextRun(db: Kysely<Database>, dataset: Dataset, lease: { owner: string; ms: number; now: Date }) {
  try {
    return await db.transaction().execute(async (trx) => {
      const runs = scoped(trx, dataset)
      const next = await runs
        .selectFrom('source_runs')
        .select(['id', 'claims'])
        .where('state', '=', 'queued')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('source_runs as r').select('r.id').where('r.state', '=', 'running'))))
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!next) return undefined
      if (next.claims >= maxClaims) {
        // Lost with its process every time it ran: failed, so it cannot take the service down again.
        await runs
          .updateTable('source_runs')
          .set({ state: 'failed', finished_at: lease.now, error_code: poison.code, error_message: poison.message })
          .where('id', '=', next.id)
          .execute()
        return undefined
      }
      return runs
        .updateTable('source_runs')
        .set((eb) => ({
          state: 'running',
          started_at: lease.now,
          lease_owner: lease.owner,
          lease_expires_at: leaseEnd(lease.ms),
          claims: eb('claims', '+', 1),
        }))
        .where('id', '=', next.id)
        .returningAll()
        .executeTakeFirst()
    })
  } catch (error) {
    if ((error as { code?: string }).code === uniqueViolation) return undefined
    throw error
  }
}
const uniqueViolation = '23505'

/** Claims after which a run that never finished is poison. */
export const maxClaims = 2
export const poison = {
  code: 'poison',
  message: 'This run was started twice and each time its process stopped before it finished; it will not be tried again.',
}

/** Extends our lease; false when the run is no longer ours (it was failed as interrupted). */
export async function renewLease(db: ScopedDb, id: string, lease: { owner: string; ms: number }) {
  const result = await db
    .updateTable('source_runs')
    .set({ lease_expires_at: leaseEnd(lease.ms) })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', lease.owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0) > 0
}

/**
 * The fence, inside the transaction that applies a run: the run is still running under our unexpired lease,
 * and its row stays locked until the transaction ends, so no sweep can fail it half-way through our commit.
 */
export async function holdsLease(trx: ScopedDb, id: string, owner: string) {
  const row = await trx
    .selectFrom('source_runs')
    .select('id')
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .where('lease_expires_at', '>', sql<Date>`clock_timestamp()`)
    .forUpdate()
    .executeTakeFirst()
  return row !== undefined
}

/** Progress of a run we still hold, and what it counts; false when it is no longer ours. */
export async function recordProgress(db: ScopedDb, id: string, owner: string, progress: { processed: number; total: number | null; of?: ProgressUnit[] }) {
  const result = await db
    .updateTable('source_runs')
    .set({ processed: progress.processed, total: progress.total, ...(progress.of ? { progress_of: progress.of } : {}) })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0) > 0
}

export interface RunOutcome {
  state: 'succeeded' | 'failed'
  finishedAt: Date
  processed?: number
  asOf?: Date
  asOfBasis?: AsOfBasis
  /** Totals, and what they are of: a run that fails changes nothing, and leaves its counts by kind unknown. */
  counts?: { created: number; updated: number; unchanged: number; skipped: number; byKind?: RunCountsByKind }
  error?: { code: string; message: string }
  /** The first rows skipped, with why (at most ten are kept). */
  skippedRows?: RunSkippedRow[]
  skippedProjects?: SkippedProject[]
}

/** Finishes a run we hold; false (and nothing written) when it is no longer ours. */
export async function finishRun(db: ScopedDb, id: string, owner: string, outcome: RunOutcome) {
  const result = await db
    .updateTable('source_runs')
    .set({
      state: outcome.state,
      finished_at: outcome.finishedAt,
      ...(outcome.processed !== undefined ? { processed: outcome.processed } : {}),
      ...(outcome.asOf ? { as_of: outcome.asOf } : {}),
      ...(outcome.asOfBasis ? { as_of_basis: outcome.asOfBasis } : {}),
      ...(outcome.counts ? countColumns(outcome.counts) : {}),
      error_code: outcome.error?.code ?? null,
      error_message: outcome.error?.message ?? null,
      ...(outcome.skippedRows ? { skipped_rows: JSON.stringify(outcome.skippedRows.slice(0, 10)) } : {}),
      ...(outcome.skippedProjects ? { skipped_projects: JSON.stringify(outcome.skippedProjects.slice(0, 10)) } : {}),
      lease_expires_at: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0) > 0
}

function countColumns({ created, updated, unchanged, skipped, byKind }: NonNullable<RunOutcome['counts']>) {
  return { created, updated, unchanged, skipped, ...(byKind ? { counts_by_kind: JSON.stringify(byKind) } : {}) }
}

export const interrupted = {
  code: 'interrupted',
  message: 'The API process running this run stopped before it finished; none of its changes were applied. Start it again.',
}

/**
 * Fails the running runs whose lease lapsed: their process died (or lost the database) before finishing, and a
 * run is only ever applied under a live lease, so none of their changes were applied. `everyRunning` fails
 * them all, for the one process that owns an embedded store and so knows no other can be running one.
 */
export async function failLapsedRuns(db: ScopedDb, now: Date, options: { everyRunning?: boolean } = {}) {
  let query = db
    .updateTable('source_runs')
    .set({ state: 'failed', finished_at: now, error_code: interrupted.code, error_message: interrupted.message, lease_expires_at: null })
    .where('state', '=', 'running')
  if (!options.everyRunning) {
    query = query.where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', sql<Date>`clock_timestamp()`)]))
  }
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0)
}
