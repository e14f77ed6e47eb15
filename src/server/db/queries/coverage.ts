import { sql } from 'kysely'
import type { NewCoverage } from '../schema'
import { insertJson } from './insert-json'
import type { ImportTarget, ScopedDb } from './scoped'

/** Everything the coverage matrix is built from, in three flat reads. */
export async function loadCoverage(db: ScopedDb) {
  const [sources, projects, cells] = await Promise.all([
    db.selectFrom('sources').select(['id', 'name', 'cadence_hours', 'registry', 'kind']).orderBy('kind').orderBy('name').execute(),
    db.selectFrom('projects').select(['id', 'key', 'name', 'registry', 'type', 'region']).orderBy('key').execute(),
    db.selectFrom('coverage').select(['project_id', 'source_id', 'last_success_at']).execute(),
  ])
  return { sources, projects, cells }
}

/**
 * The one writer of `coverage`: when each source last brought word of each project, set by every applied run and
 * import, a cell already there moved to the new time. A cell's labels only grow: the records that carried them stay.
 * Its status, totals and UN SDGs are the newest listing's that states them; a run whose files have no listing keeps them.
 */
export async function upsertCoverage(target: ImportTarget, rows: readonly NewCoverage[]) {
  await insertJson(target, 'coverage', rows, sql`on conflict (project_id, source_id) do update set last_success_at = excluded.last_success_at,
      status = coalesce(excluded.status, coverage.status), status_as_of = coalesce(excluded.status_as_of, coverage.status_as_of),
      listed_totals = coalesce(excluded.listed_totals, coverage.listed_totals), sdgs = coalesce(excluded.sdgs, coverage.sdgs),
      labels = case when excluded.labels is null then coverage.labels
        else array(select distinct label from unnest(coalesce(coverage.labels, '{}') || excluded.labels) as label order by label) end`)
}

/**
 * When the newest facts of each project came that a rating reads: of its datasets and registries, not of a price
 * (a market's or a buyer's quote) nor of the rating itself. What a re-rate dates each rating by. Projects no such
 * source covers are not in the map.
 */
export async function newestFactsOf(db: ScopedDb, projectIds: readonly string[]): Promise<Map<string, Date>> {
  const newest = new Map<string, Date>()
  const ofFacts = db.selectFrom('sources').select('id').where('kind', 'in', ['dataset', 'registry'])
  for (let at = 0; at < projectIds.length; at += 5000) {
    const rows = await db
      .selectFrom('coverage')
      .select(['project_id', sql<Date>`max(last_success_at)`.as('newest')])
      .where('project_id', 'in', projectIds.slice(at, at + 5000))
      .where('source_id', 'in', ofFacts)
      .groupBy('project_id')
      .execute()
    for (const row of rows) newest.set(row.project_id, new Date(row.newest))
  }
  return newest
}

/** When one source last brought word of each of these projects, in ms; projects it has no cell for are not in the map. */
export async function successesOf(db: ScopedDb, sourceId: string, projectIds: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (let at = 0; at < projectIds.length; at += 5000) {
    const rows = await db
      .selectFrom('coverage')
      .select(['project_id', 'last_success_at'])
      .where('source_id', '=', sourceId)
      .where('project_id', 'in', projectIds.slice(at, at + 5000))
      .execute()
    for (const row of rows) found.set(row.project_id, new Date(row.last_success_at).getTime())
  }
  return found
}
