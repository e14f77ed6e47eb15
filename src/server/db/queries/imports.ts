import { sql } from 'kysely'
import type { Dataset, NewCoverage } from '../schema'
import { cataloguePageRows, pages } from './catalogue'
import { charsPerStatement, jsonStatements, rowsPerStatement, type JsonChunks } from './json-chunks'
import type { ScopedDb } from './scoped'

/** Where an import writes: the dataset's scoped database (or transaction), and the dataset's name. */
export interface ImportTarget {
  db: ScopedDb
  dataset: Dataset
}

/** Writes of an import of real projects: SQL kept here, called by the vrod connector and the first-start seed. */

export function chunked<T>(items: readonly T[], size = rowsPerStatement): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Items in chunks of at most `size`, fewer where their `chars` pass `charsPerStatement` (see json-chunks.ts). */
export function chunkedByChars<T>(items: readonly T[], chars: (item: T) => number, size = rowsPerStatement): T[][] {
  const out: T[][] = []
  let held = 0
  for (const item of items) {
    const last = out.at(-1)
    const n = chars(item)
    if (last && last.length < size && held + n <= charsPerStatement) {
      last.push(item)
      held += n
    } else {
      out.push([item])
      held = n
    }
  }
  return out
}

/** A page of the facts an import compares, after `afterKey`, in key order. */
function projectFactsAfter(db: ScopedDb, afterKey: string | null) {
  const page = db
    .selectFrom('projects')
    .select(['id', 'key', 'name', 'registry', 'status', 'type', 'region', 'country', 'issued', 'retired', 'remaining', 'vintage', 'labels', 'synthetic'])
    .orderBy('key')
    .limit(cataloguePageRows)
  return (afterKey === null ? page : page.where('key', '>', afterKey)).execute()
}

/** The facts an import compares, to count created, updated and unchanged projects, read a page at a time. */
export async function projectFactsByKey(db: ScopedDb) {
  const facts: Awaited<ReturnType<typeof projectFactsAfter>> = []
  for await (const page of pages((last: (typeof facts)[number] | null) => projectFactsAfter(db, last?.key ?? null))) facts.push(...page)
  return facts
}

export async function countSyntheticProjects(db: ScopedDb) {
  const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).where('synthetic', '=', true).executeTakeFirstOrThrow()
  return Number(row.n)
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

/** Each chunk as text, decoded only when its turn comes. */
function* decoded(chunks: readonly Uint8Array[]): Generator<string> {
  const decoder = new TextDecoder()
  for (const chunk of chunks) yield decoder.decode(chunk)
}

/**
 * Inserts rows as JSON text, one parameter per chunk (far below PostgreSQL's bound-parameter limit, and quicker
 * on PGlite than binding every value); rows given as objects are turned into text a chunk at a time, as they
 * are written, a chunk bounded by rows and by characters (`jsonStatements`). `conflict` says what a row whose key
 * exists does.
 */
export async function insertJson(
  { db, dataset }: ImportTarget,
  table: 'projects' | 'credit_years' | 'quality_signals' | 'spot_prices' | 'coverage' | 'credits' | 'credit_search_texts' | 'beneficiary_spellings',
  rows: readonly object[] | JsonChunks,
  conflict: ReturnType<typeof sql>,
) {
  const given = 'chunks' in rows ? rows : null
  const objects = given ? [] : (rows as readonly object[])
  const columns = given ? given.columns : objects.length > 0 ? Object.keys(objects[0]) : []
  const texts = given ? decoded(given.chunks) : jsonStatements(objects)
  const list = sql.join(columns.map((c) => sql.id(c)))
  for (const text of texts) {
    // Raw SQL is not scoped by withSchema: the dataset's schema is named here.
    const target = sql.table(`${dataset}.${table}`)
    await sql`insert into ${target} (${list})
      select ${list} from json_populate_recordset(null::${target}, ${text}::json) ${conflict}`.execute(db)
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

/** The yearly history of these projects, replaced whole: a year the new file no longer has is gone. */
export async function replaceCreditYears(target: ImportTarget, projectIds: readonly string[], rows: JsonChunks) {
  for (const chunk of chunked(projectIds)) await target.db.deleteFrom('credit_years').where('project_id', 'in', chunk).execute()
  await insertJson(target, 'credit_years', rows, sql``)
}

export async function replaceQualitySignals(target: ImportTarget, projectIds: readonly string[], rows: JsonChunks) {
  for (const chunk of chunked(projectIds)) await target.db.deleteFrom('quality_signals').where('project_id', 'in', chunk).execute()
  await insertJson(target, 'quality_signals', rows, sql``)
}

export async function upsertCoverage(target: ImportTarget, rows: readonly NewCoverage[]) {
  await insertJson(target, 'coverage', rows, sql`on conflict (project_id, source_id) do update set last_success_at = excluded.last_success_at`)
}

/** The as-of date of the newest import, and whether any import happened: what `/api/catalogue` reports. */
export async function catalogueMakeUp(db: ScopedDb) {
  const [counts, newest] = await Promise.all([
    db
      .selectFrom('projects')
      .select([(eb) => eb.fn.countAll<string>().as('projects'), sql<string>`count(*) filter (where synthetic)`.as('synthetic')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('source_runs')
      .select('as_of')
      .where('state', '=', 'succeeded')
      .where('simulated', '=', false)
      .where('as_of', 'is not', null)
      .orderBy('as_of', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  const seeded = await db.selectFrom('meta').select('value').where('key', '=', 'imported_as_of').executeTakeFirst()
  const dates = [newest?.as_of ? new Date(newest.as_of) : null, seeded ? new Date(seeded.value) : null].filter((d): d is Date => d !== null)
  return {
    projects: Number(counts.projects),
    synthetic: Number(counts.synthetic),
    asOf: dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null,
  }
}

/** The first-start seed records the as-of date of the file it imported, as a run would. */
export async function recordImportedAsOf(db: ScopedDb, asOf: Date) {
  await db
    .insertInto('meta')
    .values({ key: 'imported_as_of', value: asOf.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: asOf.toISOString() }))
    .execute()
}
