import { sql } from 'kysely'
import type { NewBeneficiarySpelling } from '../schema'
import { writeInBulk } from './copy-rows'
import { chunkedByChars } from './chunks'
import { insertJson } from './insert-json'
import { spellingSearchText } from './search-text'
import type { ImportTarget, ScopedDb } from './scoped'

/**
 * The one writer of `beneficiary_spellings`: an import adds the raw strings its records name people by, already
 * resolved, and every resolution rewrites the spellings whose reading, name or count changed.
 */

/** What a resolution writes of a spelling besides its identity. */
export interface SpellingResolution {
  id: string
  spelling: string
  rulesName: string | null
  rulesWhy: string
  name: string | null
  why: string
  records: number
}

/**
 * New spellings, resolved: a first import's tens of thousands in bulk, their trigram index built once after them
 * (`writeInBulk`), not kept up row by row.
 */
export async function insertResolvedSpellings(
  target: ImportTarget,
  spellings: readonly (Pick<NewBeneficiarySpelling, 'field'> & SpellingResolution)[],
  store: 'pglite' | 'postgresql',
) {
  if (spellings.length === 0) return
  const rows = spellings.map((s) => ({
    spelling_id: s.id,
    field: s.field,
    spelling: s.spelling,
    rules_name: s.rulesName,
    rules_why: s.rulesWhy,
    resolved_name: s.name,
    why: s.why,
    records: s.records,
    search_text: spellingSearchText(s.spelling, s.name),
  }))
  await writeInBulk(target, 'beneficiary_spellings', { rows: rows.length, store, keepKey: true }, () =>
    insertJson(target, 'beneficiary_spellings', rows, sql`on conflict (spelling_id) do nothing`),
  )
}

/** Rewrites what changed of stored spellings: the rules' reading, the name, why, the count of records. */
export async function updateSpellings(db: ScopedDb, resolutions: readonly SpellingResolution[]) {
  const chars = (r: SpellingResolution) => r.spelling.length + r.rulesWhy.length + r.why.length + 2 * (r.name?.length ?? 0) + (r.rulesName?.length ?? 0)
  for (const chunk of chunkedByChars(resolutions, chars, 5000)) {
    const column = <K extends keyof SpellingResolution>(key: K) => chunk.map((r) => r[key])
    const searchTexts = chunk.map((r) => spellingSearchText(r.spelling, r.name))
    const given = sql<{ id: string; rules_name: string | null; rules_why: string; name: string | null; why: string; records: number; search_text: string }>`(
      select * from unnest(${column('id')}::bigint[], ${column('rulesName')}::text[], ${column('rulesWhy')}::text[], ${column('name')}::text[],
        ${column('why')}::text[], ${column('records')}::int[], ${searchTexts}::text[]) as given (id, rules_name, rules_why, name, why, records, search_text))`
    await db
      .updateTable('beneficiary_spellings')
      .from(given.as('v'))
      .set({
        rules_name: sql`v.rules_name`,
        rules_why: sql`v.rules_why`,
        resolved_name: sql`v.name`,
        why: sql`v.why`,
        records: sql`v.records`,
        search_text: sql`v.search_text`,
      })
      .where(sql<boolean>`beneficiary_spellings.spelling_id = v.id`)
      .execute()
  }
}

/** Every spelling, as the resolution reads it. */
export async function storedSpellings(db: ScopedDb) {
  const rows = await db
    .selectFrom('beneficiary_spellings')
    .select(['spelling_id', 'field', 'spelling', 'rules_name', 'rules_why', 'resolved_name', 'why', 'records'])
    .orderBy('spelling_id')
    .execute()
  return rows.map((row) => ({ ...row, spelling_id: String(row.spelling_id) }))
}
export type StoredSpelling = Awaited<ReturnType<typeof storedSpellings>>[number]

/**
 * How many records each spelling stands for, counted from the records themselves: one grouped pass over every
 * record that names a spelling (a store read again at start), or over these records only (a run's rewritten ones,
 * before they are rewritten: what their spellings lose).
 */
export async function countSpellingRecords(db: ScopedDb, creditIds?: readonly string[]): Promise<Map<string, number>> {
  if (creditIds?.length === 0) return new Map()
  let query = db.selectFrom('credits').where('beneficiary_id', 'is not', null)
  if (creditIds) query = query.where(sql<boolean>`id = any(${creditIds}::text[])`)
  const rows = await query.select(['beneficiary_id', sql<number>`count(*)::int`.as('counted')]).groupBy('beneficiary_id').execute()
  return new Map(rows.map((row) => [String(row.beneficiary_id), row.counted]))
}

/** The spellings of these ids, for presenting records: whom each resolves to and why. */
export async function spellingsByIds(db: ScopedDb, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { resolved_name: string | null; why: string }>()
  const rows = await db
    .selectFrom('beneficiary_spellings')
    .where(sql<boolean>`spelling_id = any(${ids}::bigint[])`)
    .select(['spelling_id', 'resolved_name', 'why'])
    .execute()
  return new Map(rows.map((row) => [String(row.spelling_id), row]))
}

/** A raw string as stored: the rules' reading of it and whom it resolves to, whatever its field. */
export async function spellingsWritten(db: ScopedDb, text: string) {
  return db.selectFrom('beneficiary_spellings').where('spelling', '=', text).select(['rules_name', 'resolved_name']).execute()
}

/** Whether some spelling resolves to this name. */
/** The names some spelling resolves to that differ from `name` only in case ("AWS" for "aws"), a few at most. */
export async function resolvedNamesInAnyCase(db: ScopedDb, name: string): Promise<string[]> {
  const rows = await db
    .selectFrom('beneficiary_spellings')
    .where(sql<boolean>`lower(resolved_name) = lower(${name})`)
    .select('resolved_name')
    .distinct()
    .orderBy('resolved_name')
    .limit(3)
    .execute()
  return rows.map((row) => row.resolved_name).filter((found): found is string => found !== null)
}

export async function isResolvedName(db: ScopedDb, name: string) {
  return (await db.selectFrom('beneficiary_spellings').where('resolved_name', '=', name).select(sql`1`.as('held')).limit(1).executeTakeFirst()) !== undefined
}
