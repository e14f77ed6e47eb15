import { sql, type ExpressionBuilder } from 'kysely'
import type { Database, ProjectRow } from '../schema'
import { chunked } from './chunks'
import { currentLabels, currentSdgs, currentStatus } from './projects'
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

/**
 * Projects as a rating reads them: their facts, with the status they read now (`currentStatus`), so a registry's
 * listing newer than Berkeley's count rates the project as it stands, as its page and the catalogue say it.
 */
const ratedProjects = (db: ScopedDb) =>
  db
    .selectFrom('projects')
    .selectAll()
    .select((eb) => [currentStatus(eb).as('current_status'), currentLabels(eb).as('current_labels'), currentSdgs(eb).as('current_sdgs')])

// A listing's status is written in the projects' own words (`listingStatus`), which its column does not type.
const asItReadsNow = ({ current_status, current_labels, current_sdgs, ...project }: ProjectRow & { current_status: string; current_labels: string[]; current_sdgs: number[] }): ProjectRow => ({
  ...project,
  status: current_status as ProjectRow['status'],
  labels: current_labels,
  sdgs: current_sdgs,
})

export async function projectsById(db: ScopedDb, projectIds: readonly string[]): Promise<ProjectRow[]> {
  const out: ProjectRow[] = []
  for (const chunk of chunked(projectIds)) out.push(...(await ratedProjects(db).where('id', 'in', chunk).execute()).map(asItReadsNow))
  return out
}

export async function allProjects(db: ScopedDb): Promise<ProjectRow[]> {
  return (await ratedProjects(db).execute()).map(asItReadsNow)
}

/** Whether any registry's listing gives a status: without one, every project reads the status its facts give. */
export async function anyListedStatus(db: ScopedDb): Promise<boolean> {
  return (await db.selectFrom('coverage').select('project_id').where('status', 'is not', null).limit(1).executeTakeFirst()) !== undefined
}

/**
 * Of the given projects, those whose registry's records carry labels (`coverage.labels`) or whose listing gives UN
 * SDGs (`coverage.sdgs`): the ones whose rating a source's word may have changed. None in a store where no source says
 * either, read at once through the columns' cells.
 */
export async function projectsWithRecordedLabels(db: ScopedDb, projectIds: readonly string[]): Promise<string[]> {
  const said = (eb: ExpressionBuilder<Database, 'coverage'>) => eb.or([eb('labels', 'is not', null), eb('sdgs', 'is not', null)])
  if (!(await db.selectFrom('coverage').select('project_id').where(said).limit(1).executeTakeFirst())) return []
  const out: string[] = []
  for (const chunk of chunked(projectIds)) {
    const rows = await db.selectFrom('coverage').select('project_id').distinct().where('project_id', 'in', chunk).where(said).execute()
    out.push(...rows.map((row) => row.project_id))
  }
  return out
}

/** Whether the store holds any registry's credit record. */
export async function anyCreditRecord(db: ScopedDb): Promise<boolean> {
  return (await db.selectFrom('credits').select('id').limit(1).executeTakeFirst()) !== undefined
}

/**
 * Of the given projects, those whose registry-status signal read another status than the one they read now: a
 * registry's newer listing changed it after they were rated (CAR2251, "Listed" in Berkeley's count of December 2025,
 * "Registered" in the Reserve's export of April 2026), or a newer count changed it back.
 */
export async function projectsRatedOnAnotherStatus(db: ScopedDb, projectIds: readonly string[]): Promise<string[]> {
  const out: string[] = []
  for (const chunk of chunked(projectIds)) {
    const rows = await db
      .selectFrom('projects')
      .select('projects.id')
      .where('projects.id', 'in', chunk)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('quality_signals as governance')
            .whereRef('governance.project_id', '=', 'projects.id')
            .where('governance.signal', '=', 'governance')
            .where(sql<boolean>`not governance.facts @> jsonb_build_array(jsonb_build_object('name', 'status', 'value', ${currentStatus(eb)}))`),
        ),
      )
      .execute()
    out.push(...rows.map((row) => row.id))
  }
  return out
}
