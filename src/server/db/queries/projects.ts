import type { ProjectRow } from '../schema'
import type { ScopedDb } from './scoped'

export async function findProject(db: ScopedDb, idOrKey: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrKey), eb(eb.fn('upper', ['key']), '=', idOrKey.toUpperCase())]))
    .executeTakeFirst()
}

export async function qualitySignalsOf(db: ScopedDb, projectId: string) {
  return db.selectFrom('quality_signals').selectAll().where('project_id', '=', projectId).execute()
}

/** Latest update per source of each project (of every project, without IDs): the freshness shown beside a project. */
export async function coverageOf(db: ScopedDb, projectIds?: string[]) {
  if (projectIds?.length === 0) return []
  const cells = db
    .selectFrom('coverage')
    .innerJoin('sources', 'sources.id', 'coverage.source_id')
    .select(['coverage.project_id', 'coverage.last_success_at', 'sources.cadence_hours', 'sources.kind'])
  return (projectIds ? cells.where('coverage.project_id', 'in', projectIds) : cells).execute()
}

export async function creditYearsOf(db: ScopedDb, projectId: string) {
  return db.selectFrom('credit_years').selectAll().where('project_id', '=', projectId).orderBy('year').execute()
}

/** The dataset import a project's facts came from, dated by its data's as-of date (what coverage records). */
export async function importedFrom(db: ScopedDb, projectId: string) {
  const row = await db
    .selectFrom('coverage')
    .select(['source_id', 'last_success_at'])
    .where('project_id', '=', projectId)
    .where('source_id', '=', 'src_vrod')
    .executeTakeFirst()
  return row ? { id: row.source_id, as_of: new Date(row.last_success_at) } : null
}
