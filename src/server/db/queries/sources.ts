import { sql } from 'kysely'
import type { NewSource } from '../schema'
import type { ScopedDb } from './scoped'

/**
 * The catalog with, per source, its latest non-simulated run. What each source covers is counted once per
 * dataset version, by the catalogue, not here per request.
 */
export async function listSourcesWithLastRun(db: ScopedDb) {
  const [sources, runs] = await Promise.all([
    db.selectFrom('sources').selectAll().orderBy('kind').orderBy('name').execute(),
    db
      .selectFrom('source_runs')
      .distinctOn('source_id')
      .select(['source_id', 'id', 'state', 'created_at', 'finished_at', 'error_code'])
      .where('simulated', '=', false)
      .orderBy('source_id')
      .orderBy(sql`created_at`, 'desc')
      .execute(),
  ])
  const runBySource = new Map(runs.map((r) => [r.source_id, r]))
  return sources.map((source) => ({ source, lastRun: runBySource.get(source.id) }))
}

/** When a source's succeeded runs brought data, in epoch ms (NaN where none did). */
export interface SourceDataDates {
  /** The newest as-of date its imports brought, held to what the projects' coverage by it still says (below). */
  datedMs: number
  /** When its newest run that knew no as-of date (a connector's fetch) finished. */
  undatedMs: number
  /** The newest date the projects' coverage by it holds. */
  coveredMs: number
}

const ms = (value: Date | string | null) => (value === null ? Number.NaN : new Date(value).getTime())

/** An import's date, no newer than the coverage it left says (where it left any). */
export const heldToCoverage = (datedMs: number, coveredMs: number) => (Number.isNaN(coveredMs) ? datedMs : Math.min(datedMs, coveredMs))

/**
 * Per source, the dates its succeeded runs brought. An import's date is held to the newest date any project's coverage
 * by that source now holds: a file dated by its upload, then imported again as of its release, dates every project
 * by the release, and so must the source and the catalogue, or the guess outlives its correction. The newest
 * date ever brought would keep the guess; the latest run's date would date the whole catalogue by a partial import of
 * an older release. Only real projects' coverage counts: a generated project's was made up with it, by no run. Where
 * the runs covered no real project, their date stands. A sandbox run changes nothing and does not count.
 */
export async function dataDatesBySource(db: ScopedDb): Promise<Map<string, SourceDataDates>> {
  const rows = await db
    .selectFrom('source_runs as r')
    .select((eb) => [
      'r.source_id',
      eb.fn.max('r.as_of').as('dated'),
      sql<Date | string | null>`max(r.finished_at) filter (where r.as_of is null)`.as('undated'),
      // Only an import's date is held to its coverage: a run that knew no as-of date (the market's) reads none. Newest
      // first down the coverage index (source_id, last_success_at), stopping at the first real project: a max() over
      // the join would read every cell of the source, 10,000 generated ones for a market run on a generated catalogue.
      sql<Date | string | null>`case when max(r.as_of) is null then null else (${eb
        .selectFrom('coverage as c')
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .select('c.last_success_at')
        .whereRef('c.source_id', '=', 'r.source_id')
        .where('p.synthetic', '=', false)
        .orderBy('c.last_success_at', 'desc')
        .limit(1)}) end`.as('covered'),
    ])
    .where('r.state', '=', 'succeeded')
    .where('r.simulated', '=', false)
    .groupBy('r.source_id')
    .execute()
  return new Map(
    rows.map((r) => {
      const coveredMs = ms(r.covered)
      return [r.source_id, { datedMs: heldToCoverage(ms(r.dated), coveredMs), undatedMs: ms(r.undated), coveredMs }] as const
    }),
  )
}

/** Per source, the newest data its succeeded runs brought: an import's as-of date (`dataDatesBySource`), else when a run finished. */
export async function newestSuccessBySource(db: ScopedDb): Promise<Map<string, number>> {
  const dates = await dataDatesBySource(db)
  return new Map(
    [...dates].flatMap(([id, { datedMs, undatedMs }]) => {
      const newest = Math.max(...[datedMs, undatedMs].filter((at) => !Number.isNaN(at)))
      return Number.isFinite(newest) ? [[id, newest] as const] : []
    }),
  )
}

export async function findSource(db: ScopedDb, idOrConnector: string) {
  return db
    .selectFrom('sources')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrConnector), eb('connector', '=', idOrConnector)]))
    .executeTakeFirst()
}

/** The one writer of `sources`: writes the source catalog into a dataset, leaving sources it already has as they are. */
export async function insertSources(db: ScopedDb, sources: readonly NewSource[]) {
  await db.insertInto('sources').values([...sources]).onConflict((oc) => oc.column('id').doNothing()).execute()
}

/** Gives the rating source the name and description of the rules that now rate. */
export async function describeRatingSource(db: ScopedDb, id: string, name: string, description: string) {
  await db.updateTable('sources').set({ name, description }).where('id', '=', id).execute()
}
