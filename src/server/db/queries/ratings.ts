import { sql } from 'kysely'
import type { QualityGrade } from '../../../api/contract/common'
import type { NewQualitySignal, ProjectRow } from '../schema'
import type { ScopedDb } from './scoped'

const chunkSize = 500

/** Credits issued per calendar year of issuance, per project; only years with a nonzero count. */
export async function issuancesOf(db: ScopedDb, projectIds: readonly string[]): Promise<Map<string, { year: number; issued: number }[]>> {
  const out = new Map<string, { year: number; issued: number }[]>()
  for (let i = 0; i < projectIds.length; i += chunkSize) {
    const rows = await db
      .selectFrom('credit_years')
      .select(['project_id', 'year', 'issued_in_year'])
      .where('project_id', 'in', projectIds.slice(i, i + chunkSize))
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
  for (let i = 0; i < projectIds.length; i += chunkSize) {
    const rows = await db.selectFrom('credit_years').select('project_id').distinct().where('project_id', 'in', projectIds.slice(i, i + chunkSize)).execute()
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
  for (let i = 0; i < projectIds.length; i += chunkSize) {
    out.push(...(await db.selectFrom('projects').selectAll().where('id', 'in', projectIds.slice(i, i + chunkSize)).execute()))
  }
  return out
}

/** Replaces the quality signals of these projects and stores their composite. */
export async function storeRatings(
  db: ScopedDb,
  projectIds: readonly string[],
  signals: readonly NewQualitySignal[],
  scores: readonly { id: string; score: number | null; grade: string | null }[],
) {
  for (let i = 0; i < projectIds.length; i += chunkSize) {
    await db.deleteFrom('quality_signals').where('project_id', 'in', projectIds.slice(i, i + chunkSize)).execute()
  }
  for (let i = 0; i < signals.length; i += signalChunkSize) await insertSignals(db, signals.slice(i, i + signalChunkSize))
  // One statement per chunk rather than per project: an import re-rates thousands inside its transaction.
  for (let i = 0; i < scores.length; i += chunkSize) {
    const chunk = scores.slice(i, i + chunkSize)
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

/** Signals go as one array per column: thousands of rows per statement cost eight parameters, not eight each. */
const signalChunkSize = 5000

async function insertSignals(db: ScopedDb, signals: readonly NewQualitySignal[]) {
  const column = <T>(pick: (s: NewQualitySignal) => T) => signals.map(pick)
  // jsonb and ragged text arrays travel as JSON text and are unpacked by the database.
  const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? []))
  const rows = sql`unnest(
    ${column((s) => s.project_id)}::text[], ${column((s) => s.signal)}::text[], ${column((s) => s.value)}::real[],
    ${column((s) => s.source)}::text[], ${column((s) => new Date(s.as_of).toISOString())}::timestamptz[],
    ${column((s) => s.evidence)}::text[], ${column((s) => json(s.facts))}::text[], ${column((s) => json(s.citations))}::text[]
  ) as t(project_id, signal, value, source, as_of, evidence, facts, citations)`
  await db
    .insertInto('quality_signals')
    .columns(['project_id', 'signal', 'value', 'source', 'as_of', 'evidence', 'facts', 'citations'])
    .expression(
      sql`select project_id, signal, value, source, as_of, evidence, facts::jsonb,
        array(select jsonb_array_elements_text(citations::jsonb)) from ${rows}`,
    )
    .execute()
}

export async function allProjects(db: ScopedDb): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().execute()
}

/** Gives the rating source the name and description of the rules that now rate. */
export async function describeRatingSource(db: ScopedDb, id: string, name: string, description: string) {
  await db.updateTable('sources').set({ name, description }).where('id', '=', id).execute()
}
