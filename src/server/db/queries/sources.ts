import { sql } from 'kysely'
import type { ScopedDb } from './scoped'

/** The catalog with, per source, its coverage and latest non-simulated run. */
export async function listSourcesWithStats(db: ScopedDb) {
  const [sources, coverage, runs] = await Promise.all([
    db.selectFrom('sources').selectAll().orderBy('kind').orderBy('name').execute(),
    db
      .selectFrom('coverage')
      .select(['source_id', (eb) => eb.fn.countAll<string>().as('projects'), (eb) => eb.fn.max('last_success_at').as('last_success_at')])
      .groupBy('source_id')
      .execute(),
    db
      .selectFrom('source_runs')
      .distinctOn('source_id')
      .select(['source_id', 'id', 'state', 'created_at', 'finished_at'])
      .where('simulated', '=', false)
      .orderBy('source_id')
      .orderBy(sql`created_at`, 'desc')
      .execute(),
  ])
  const coverageBySource = new Map(coverage.map((c) => [c.source_id, c]))
  const runBySource = new Map(runs.map((r) => [r.source_id, r]))
  return sources.map((source) => ({ source, coverage: coverageBySource.get(source.id), lastRun: runBySource.get(source.id) }))
}

export async function findSource(db: ScopedDb, idOrConnector: string) {
  return db
    .selectFrom('sources')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrConnector), eb('connector', '=', idOrConnector)]))
    .executeTakeFirst()
}
