import { sql } from 'kysely'
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
      .select(['source_id', 'id', 'state', 'created_at', 'finished_at'])
      .where('simulated', '=', false)
      .orderBy('source_id')
      .orderBy(sql`created_at`, 'desc')
      .execute(),
  ])
  const runBySource = new Map(runs.map((r) => [r.source_id, r]))
  return sources.map((source) => ({ source, lastRun: runBySource.get(source.id) }))
}

export async function findSource(db: ScopedDb, idOrConnector: string) {
  return db
    .selectFrom('sources')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrConnector), eb('connector', '=', idOrConnector)]))
    .executeTakeFirst()
}
