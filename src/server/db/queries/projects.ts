import { sql } from 'kysely'
import type { QualityGrade } from '../../../api/contract/common'
import type { ProjectRow } from '../schema'
import { chunked } from './chunks'
import { insertJson } from './insert-json'
import type { JsonChunks } from './json-chunks'
import type { ImportTarget, ScopedDb } from './scoped'

/**
 * The one writer of `projects`: an import inserts and rewrites them by key, a rating stores their composite
 * quality, and real projects arriving take the generated ones away. Beside the writes, what a project's page reads.
 */

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
  const set = sql.join(factColumns.map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`))
  await insertJson(target, 'projects', rows, sql`on conflict (key) do update set ${set}`)
}

/** Stores projects' composite quality, one statement per chunk rather than per project: an import re-rates thousands inside its transaction. */
export async function storeQualityScores(db: ScopedDb, scores: readonly { id: string; score: number | null; grade: string | null }[]) {
  for (const chunk of chunked(scores)) {
    const ids = chunk.map((s) => s.id)
    const at = sql`array_position(${ids}::text[], id)`
    await db
      .updateTable('projects')
      .set({
        quality_score: sql<number | null>`(${chunk.map((s) => s.score)}::real[])[${at}]`,
        quality_grade: sql<QualityGrade | null>`(${chunk.map((s) => s.grade)}::text[])[${at}]`,
      })
      .where('id', 'in', ids)
      .execute()
  }
}
