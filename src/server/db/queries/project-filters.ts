import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import type { ProjectFilters } from '../../../api/contract/projects'
import type { Database } from '../schema'

type ProjectQuery<O> = SelectQueryBuilder<Database, 'projects', O>

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`)

/** Applies the shared filters; facet-index.ts gives them the same meaning in memory. */
export function applyProjectFilters<O>(query: ProjectQuery<O>, filters: ProjectFilters): ProjectQuery<O> {
  let q = query
  const text = filters.q?.trim()
  if (text) {
    const pattern = `%${escapeLike(text)}%`
    q = q.where((eb: ExpressionBuilder<Database, 'projects'>) =>
      eb.or([eb('projects.key', 'ilike', pattern), eb('projects.name', 'ilike', pattern)]),
    )
  }
  const scalar = ['type', 'scope', 'region', 'country', 'registry', 'status'] as const
  for (const name of scalar) {
    const values = filters[name]
    if (values?.length) q = q.where(`projects.${name}`, 'in', values)
  }
  if (filters.label?.length) {
    q = q.where(sql<boolean>`projects.labels && ${sql.val(filters.label)}::text[]`)
  }
  if (filters.co_benefit?.length) {
    q = q.where(sql<boolean>`projects.co_benefits && ${sql.val(filters.co_benefit)}::text[]`)
  }
  if (filters.vintage_min !== undefined) q = q.where('projects.vintage', '>=', filters.vintage_min)
  return q
}
