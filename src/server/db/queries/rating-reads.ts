import { sql } from 'kysely'
import type { ProjectRow } from '../schema'
import { chunked } from './chunks'
import type { ScopedDb } from './scoped'

/** What a rating reads of the projects it rates: their facts and their yearly credits. */

/** Credits issued per calendar year of issuance, per project; only years with a nonzero count. */
export async function issuancesOf(db: ScopedDb, projectIds: readonly string[]): Promise<Map<string, { year: number; issued: number }[]>> {
  const out = new Map<string, { year: number; issued: number }[]>()
  for (const chunk of chunked(projectIds)) {
    const rows = await db
      .selectFrom('credit_years')
      .select(['project_id', 'year', 'issued_in_year'])
      .where('project_id', 'in', chunk)
      .where('issued_in_year', '!=', '0')
      .execute()
    for (const row of rows) {
      const list = out.get(row.project_id) ?? []
      list.push({ year: row.year, issued: Number(row.issued_in_year) })
      out.set(row.project_id, list)
    }
  }
  return out
}

/** Projects that have a yearly credit series at all (a project may have one with no issuance yet). */
export async function projectsWithCreditYears(db: ScopedDb, projectIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>()
  for (const chunk of chunked(projectIds)) {
    const rows = await db.selectFrom('credit_years').select('project_id').distinct().where('project_id', 'in', chunk).execute()
    for (const row of rows) out.add(row.project_id)
  }
  return out
}

/** The last year the dataset's yearly credit series report anything: the year the data describes. */
export async function creditDataYear(db: ScopedDb): Promise<number | null> {
  const row = await db
    .selectFrom('credit_years')
    .select(sql<number | null>`max(year)`.as('year'))
    .where((eb) => eb.or([eb('issued_in_year', '!=', '0'), eb('retired_in_year', '!=', '0')]))
    .executeTakeFirst()
  return row?.year ?? null
}

export async function projectsById(db: ScopedDb, projectIds: readonly string[]): Promise<ProjectRow[]> {
  const out: ProjectRow[] = []
  for (const chunk of chunked(projectIds)) out.push(...(await db.selectFrom('projects').selectAll().where('id', 'in', chunk).execute()))
  return out
}

export async function allProjects(db: ScopedDb): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().execute()
}
