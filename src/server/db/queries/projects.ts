import { sql } from 'kysely'
import type { ProjectListQuery } from '../../../api/contract/projects'
import type { ProjectRow } from '../schema'
import { applyProjectFilters } from './project-filters'
import type { ScopedDb } from './scoped'

const sortColumns = {
  key: 'key',
  name: 'name',
  registry: 'registry',
  status: 'status',
  type: 'type',
  scope: 'scope',
  region: 'region',
  country: 'country',
  vintage: 'vintage',
  credits_remaining: 'remaining',
  credits_issued: 'issued',
  quality_score: 'quality_score',
  updated_at: 'updated_at',
} as const

export async function listProjects(db: ScopedDb, query: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
  const descending = query.sort.startsWith('-')
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns]
  const direction = descending ? 'desc' : 'asc'
  const filtered = applyProjectFilters(db.selectFrom('projects'), query)
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      // Nulls always last whatever the direction, then the key breaks ties so the same input gives the same order.
      .orderBy(sql.ref(column), (ob) => (direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast()))
      .orderBy('key', 'asc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

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

/** Latest update per source of each project: the freshness shown beside a project. */
export async function coverageOf(db: ScopedDb, projectIds: string[]) {
  if (projectIds.length === 0) return []
  return db
    .selectFrom('coverage')
    .innerJoin('sources', 'sources.id', 'coverage.source_id')
    .select(['coverage.project_id', 'coverage.last_success_at', 'sources.cadence_hours'])
    .where('coverage.project_id', 'in', projectIds)
    .execute()
}
