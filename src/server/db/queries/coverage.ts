import type { ScopedDb } from './scoped'

/** Everything the coverage matrix is built from, in three flat reads. */
export async function loadCoverage(db: ScopedDb) {
  const [sources, projects, cells] = await Promise.all([
    db.selectFrom('sources').select(['id', 'name', 'cadence_hours', 'registry', 'kind']).orderBy('kind').orderBy('name').execute(),
    db.selectFrom('projects').select(['id', 'key', 'name', 'registry', 'type', 'region']).orderBy('key').execute(),
    db.selectFrom('coverage').select(['project_id', 'source_id', 'last_success_at']).execute(),
  ])
  return { sources, projects, cells }
}
