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

/**
 * Per source, the newest data its succeeded runs brought: a run's as-of date where it knows one (an import), else
 * when it finished. A sandbox run changes nothing and does not count.
 */
export async function newestSuccessBySource(db: ScopedDb): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('source_runs')
    .select(['source_id', sql<Date | string>`max(coalesce(as_of, finished_at))`.as('newest')])
    .where('state', '=', 'succeeded')
    .where('simulated', '=', false)
    .groupBy('source_id')
    .execute()
  return new Map(rows.flatMap((r) => (r.newest === null ? [] : [[r.source_id, new Date(r.newest).getTime()] as const])))
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
