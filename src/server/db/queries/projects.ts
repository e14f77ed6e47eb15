import { sql, type ExpressionBuilder } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { QualityGrade, RegistryCode } from '../../../api/contract/common'
import type { Database, ProjectRow } from '../schema'
import { chunked } from './chunks'
import { insertJson } from './insert-json'
import type { JsonChunks } from './json-chunks'
import { firstRowPrepared } from './prepared'
import type { ImportTarget, ScopedDb } from './scoped'

/**
 * The one writer of `projects`: an import inserts and rewrites them by key, a rating stores their composite
 * quality, and real projects arriving take the generated ones away. Beside the writes, what a project's page reads.
 */

/**
 * A project's status as its newest word gives it: a registry's own listing (`coverage.status`) where it is newer than
 * the project's own status, which is Berkeley's count's (as of its cell) or, for a registry's new listing, that
 * listing's. The Climate Action Reserve's export of April 2026 lists CAR2251 "Registered", issuing since February;
 * Berkeley's count of December 2025 says "Listed", in the pipeline.
 */
export function currentStatus(eb: ExpressionBuilder<Database, 'projects'>) {
  const counted = eb.selectFrom('coverage as counted').select('counted.last_success_at').whereRef('counted.project_id', '=', 'projects.id').where('counted.source_id', '=', 'src_vrod')
  const listed = eb
    .selectFrom('coverage as listed')
    .select('listed.status')
    .whereRef('listed.project_id', '=', 'projects.id')
    .where('listed.status', 'is not', null)
    .where((inner) => inner('listed.status_as_of', '>', inner.fn.coalesce(counted, sql<Date>`'-infinity'::timestamptz`)))
    .orderBy('listed.status_as_of', 'desc')
    .limit(1)
  return eb.fn.coalesce(listed, 'projects.status')
}

/**
 * A project's labels as its sources give them: its own (Berkeley's count's, or a new listing's), then those its
 * registry's records carry that it does not list (`coverage.labels`), in order. ART's records of Guyana's credits
 * (ART102) say they are CORSIA eligible, and ACR's that ACR801's are CCP-approved, where Berkeley's file lists neither.
 */
export function currentLabels(eb: ExpressionBuilder<Database, 'projects'>) {
  const recorded = eb.selectFrom('coverage as labelled').select(sql<string>`unnest(labelled.labels)`.as('label')).whereRef('labelled.project_id', '=', 'projects.id')
  return sql<string[]>`projects.labels || array(select distinct recorded.label from (${recorded}) as recorded where not (recorded.label = any(projects.labels)) order by recorded.label)`
}

/**
 * The UN SDGs a project lists as its sources give them: its own (Berkeley's count's, or a new listing's) and those its
 * registries' listings give (`coverage.sdgs`), each once, in order. Berkeley's file gives ACR586 none; ACR's listing,
 * five.
 */
export function currentSdgs(eb: ExpressionBuilder<Database, 'projects'>) {
  const listed = eb.selectFrom('coverage as listing').select(sql<number>`unnest(listing.sdgs)`.as('sdg')).whereRef('listing.project_id', '=', 'projects.id')
  return sql<number[]>`array(select goals.sdg from (select unnest(projects.sdgs) as sdg union (${listed})) as goals order by goals.sdg)`
}

/** JSON's spelling of a timestamp, read back as the Date the drivers give for the column itself. */
const date = (value: Date | string) => new Date(value)

/**
 * A project with what its page shows beside it (its quality signals, the latest update per source, its yearly
 * credits, the dataset import its facts came from), by id or key, in one statement: the embedded store answers one
 * statement at a time, each a round trip to its thread, and a page asked five of them where one does. The embedded
 * store prepares it once (`firstRowPrepared`).
 */
export async function findProjectFacts(db: ScopedDb, idOrKey: string) {
  const query = db
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) => [
      currentStatus(eb).as('current_status'),
      currentLabels(eb).as('current_labels'),
      currentSdgs(eb).as('current_sdgs'),
      jsonArrayFrom(eb.selectFrom('quality_signals').selectAll('quality_signals').whereRef('quality_signals.project_id', '=', 'projects.id')).as('page_signals'),
      jsonArrayFrom(
        eb
          .selectFrom('coverage')
          .innerJoin('sources', 'sources.id', 'coverage.source_id')
          .select(['coverage.source_id', 'coverage.last_success_at', 'coverage.status', 'coverage.status_as_of', 'coverage.listed_totals', 'sources.cadence_hours', 'sources.kind'])
          .whereRef('coverage.project_id', '=', 'projects.id'),
      ).as('page_cells'),
      jsonArrayFrom(eb.selectFrom('credit_years').selectAll('credit_years').whereRef('credit_years.project_id', '=', 'projects.id').orderBy('credit_years.year')).as('page_years'),
      // One step into the records' project index: most projects have no record, and their page then asks no more.
      eb.exists(eb.selectFrom('credits').select(sql.lit(1).as('one')).where((inner) => inner(inner.fn('upper', ['credits.project_key']), '=', inner.fn('upper', ['projects.key'])))).as('page_has_records'),
    ])
    .where((eb) => eb.or([eb('id', '=', idOrKey), eb(eb.fn('upper', ['key']), '=', idOrKey.toUpperCase())]))
  const found = await firstRowPrepared(db, query.compile())
  if (!found) return undefined
  const { page_signals, page_cells, page_years, page_has_records, current_status, current_labels, current_sdgs, ...own } = found
  // The page reads the status, labels and UN SDGs as the catalogue does; the project's own (Berkeley's word) is one
  // of its sources' words.
  const row = { ...own, status: current_status, own_status: own.status, labels: current_labels, own_labels: own.labels, sdgs: current_sdgs }
  const cells = page_cells.map((cell) => ({ ...cell, last_success_at: date(cell.last_success_at) }))
  // The dataset import is the one coverage cell of Berkeley's database, dated by its data's as-of date.
  const imported = cells.find((cell) => cell.source_id === 'src_vrod')
  return {
    row: row as ProjectRow & { own_status: string; own_labels: string[] },
    signals: page_signals.map((signal) => ({ ...signal, as_of: date(signal.as_of) })),
    cells,
    // JSON gives the yearly figures as numbers where the column read alone gives numeric text; storedCreditHistory takes either.
    years: page_years,
    hasRecords: Boolean(page_has_records),
    origin: imported ? { id: imported.source_id, as_of: imported.last_success_at } : null,
  }
}

const syntheticDeletedPerStatement = 500

/**
 * A live catalogue never mixes: generated projects go (with their signals, prices, coverage) when real ones come.
 * A few hundred at a time: each statement is short, so requests are answered between them.
 */
export async function deleteSyntheticProjects(db: ScopedDb) {
  let deleted = 0
  for (;;) {
    const batch = db.selectFrom('projects').select('id').where('synthetic', '=', true).limit(syntheticDeletedPerStatement)
    const result = await db.deleteFrom('projects').where('id', 'in', batch).executeTakeFirst()
    const n = Number(result.numDeletedRows ?? 0)
    deleted += n
    if (n < syntheticDeletedPerStatement) return deleted
  }
}

const factColumns = [
  'name', 'registry', 'status', 'scope', 'type', 'type_as_published', 'reduction_removal', 'region', 'country', 'state', 'methodology',
  'developer', 'website', 'vintage', 'issued', 'retired', 'remaining', 'buffer', 'labels', 'co_benefits', 'sdgs',
  'listed_at', 'registered_at', 'updated_at', 'synthetic', 'quality_score', 'quality_grade',
] as const

/** Inserts new projects and rewrites every fact and the quality of known ones, by key. */
export async function upsertImportedProjects(target: ImportTarget, rows: JsonChunks) {
  // A compliance id only Berkeley's file gives: a registry's listing of the project leaves it as it was.
  const set = sql.join([...factColumns.map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`), sql`compliance_id = coalesce(excluded.compliance_id, projects.compliance_id)`])
  await insertJson(target, 'projects', rows, sql`on conflict (key) do update set ${set}`)
}

/**
 * Stores projects' composite quality, joined to the chunk's rows rather than one statement per project: an import
 * re-rates thousands inside its transaction. Joined, not looked up by each row's place in the chunk's arrays: that
 * read the arrays once per row, and 10,975 scores took 0.9 s (0.6 s joined) of a re-rate's transaction, which held the store.
 */
export async function storeQualityScores(db: ScopedDb, scores: readonly { id: string; score: number | null; grade: string | null }[]) {
  for (const chunk of chunked(scores, 5000)) {
    const given = sql<{ id: string; score: number | null; grade: QualityGrade | null }>`(
      select * from unnest(${chunk.map((s) => s.id)}::text[], ${chunk.map((s) => s.score)}::real[], ${chunk.map((s) => s.grade)}::text[]) as given (id, score, grade))`
    await db
      .updateTable('projects')
      .from(given.as('v'))
      .set({ quality_score: sql`v.score`, quality_grade: sql`v.grade` })
      .where(sql<boolean>`projects.id = v.id`)
      .execute()
  }
}

/**
 * Stored projects of a registry whose page address ends in one of its own ids (`https://to.isometric.com/prj_…`), by
 * that id: Isometric's credit files name a project by the id alone, and an earlier run kept the address its projects
 * file gave.
 */
export async function keysByPageId(db: ScopedDb, registry: RegistryCode, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (const chunk of chunked([...new Set(ids)])) {
    const rows = await db
      .selectFrom('projects')
      .select(['key', 'website'])
      .where('registry', '=', registry)
      .where(sql<string>`substring(website from '[^/]+$')`, 'in', chunk)
      .execute()
    for (const row of rows) if (row.website) found.set(row.website.slice(row.website.lastIndexOf('/') + 1), row.key)
  }
  return found
}

/**
 * The projects that share a compliance id with another (`projects.compliance_id`): one project two registries list.
 * Fourteen ids of Berkeley's v2025-12, so read whole.
 */
export async function sharedListings(db: ScopedDb): Promise<{ id: string; key: string; compliance_id: string }[]> {
  const shared = db.selectFrom('projects').select('compliance_id').where('compliance_id', 'is not', null).groupBy('compliance_id').having(sql<boolean>`count(*) > 1`)
  const rows = await db.selectFrom('projects').select(['id', 'key', 'compliance_id']).where('compliance_id', 'in', shared).orderBy('key').execute()
  return rows.map((row) => ({ id: row.id, key: row.key, compliance_id: row.compliance_id! }))
}

/** The other listings of a project's compliance id, by key: none for most projects. */
export async function otherListingsOf(db: ScopedDb, project: { id: string; compliance_id: string | null }): Promise<ProjectRow[]> {
  if (project.compliance_id === null) return []
  return db.selectFrom('projects').selectAll().where('compliance_id', '=', project.compliance_id).where('id', '!=', project.id).orderBy('key').execute()
}

/** Whether the dataset holds a real project (one a file listed), and whether any project has a compliance id. */
export async function holdsRealProjects(db: ScopedDb): Promise<{ real: boolean; withComplianceId: boolean }> {
  const [real, withComplianceId] = await Promise.all([
    db.selectFrom('projects').select('id').where('synthetic', '=', false).limit(1).executeTakeFirst(),
    db.selectFrom('projects').select('id').where('compliance_id', 'is not', null).limit(1).executeTakeFirst(),
  ])
  return { real: real !== undefined, withComplianceId: withComplianceId !== undefined }
}

/** Gives real projects, by key, their compliance id; answers how many were given one. */
export async function setComplianceIds(db: ScopedDb, ids: readonly { key: string; complianceId: string }[]): Promise<number> {
  let given = 0
  for (const chunk of chunked(ids, 5000)) {
    const rows = sql<{ key: string; id: string }>`(select * from unnest(${chunk.map((p) => p.key)}::text[], ${chunk.map((p) => p.complianceId)}::text[]) as given (key, id))`
    const { numUpdatedRows } = await db
      .updateTable('projects')
      .from(rows.as('v'))
      .set({ compliance_id: sql`v.id` })
      .where(sql<boolean>`projects.key = v.key and not projects.synthetic`)
      .executeTakeFirst()
    given += Number(numUpdatedRows)
  }
  return given
}
