import type { Insertable } from 'kysely'
import type { SourceRunTable } from '../schema'
import type { ScopedDb } from './scoped'

export async function insertRun(db: ScopedDb, run: Insertable<SourceRunTable>) {
  return db.insertInto('source_runs').values(run).returningAll().executeTakeFirstOrThrow()
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

export async function listRuns(db: ScopedDb, query: { source?: string; state?: string; page: number; per_page: number }) {
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

/** Takes the oldest queued run and marks it running, in one statement so two workers could never share it. */
export async function claimNextRun(db: ScopedDb, now: Date) {
  return db
    .updateTable('source_runs')
    .set({ state: 'running', started_at: now })
    .where('id', '=', (eb) =>
      eb.selectFrom('source_runs').select('id').where('state', '=', 'queued').orderBy('created_at').orderBy('id').limit(1),
    )
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst()
}

export async function recordProgress(db: ScopedDb, id: string, processed: number, total: number | null) {
  await db.updateTable('source_runs').set({ processed, total }).where('id', '=', id).execute()
}

export interface RunOutcome {
  state: 'succeeded' | 'failed'
  finishedAt: Date
  processed?: number
  asOf?: Date
  counts?: { created: number; updated: number; unchanged: number; skipped: number }
  error?: { code: string; message: string }
}

export async function finishRun(db: ScopedDb, id: string, outcome: RunOutcome) {
  await db
    .updateTable('source_runs')
    .set({
      state: outcome.state,
      finished_at: outcome.finishedAt,
      ...(outcome.processed !== undefined ? { processed: outcome.processed } : {}),
      ...(outcome.asOf ? { as_of: outcome.asOf } : {}),
      ...(outcome.counts ?? {}),
      error_code: outcome.error?.code ?? null,
      error_message: outcome.error?.message ?? null,
    })
    .where('id', '=', id)
    .execute()
}

/** A run still marked running at start-up was cut off by a crash; none of its changes were applied. */
export async function failInterruptedRuns(db: ScopedDb, now: Date) {
  const result = await db
    .updateTable('source_runs')
    .set({
      state: 'failed',
      finished_at: now,
      error_code: 'interrupted',
      error_message: 'The API stopped while this run was in progress; none of its changes were applied. Start it again.',
    })
    .where('state', '=', 'running')
    .executeTakeFirst()
  return Number(result.numUpdatedRows ?? 0)
}

