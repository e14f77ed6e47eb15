import { sql } from 'kysely'
import { creditKinds, retiringKinds, type CreditBeneficiariesQuery, type CreditFilter, type CreditKind, type CreditTotalsQuery } from '../../../api/contract/credits'
import { creditColumns } from '../copy/credit-columns'
import { copyChangedRows, dropStaging, insertStagedRows, openStaging, stageRows, type CopyBlock } from './copy-rows'
import { chunked } from './chunks'
import { bufferPoolLabel } from '../../core/buffer-pool'
import { folded } from '../../../lib/folded'
import type { ImportTarget, ScopedDb } from './scoped'

/**
 * The one writer of `credits`, the registries' records: an import copies in the new ones and rewrites the changed,
 * and records stored before spellings were kept are given theirs. Beside the writes, the reads that list and sum them.
 */

/** Ids per lookup: one array parameter each, so a lookup is one short statement however many ids it holds. */
export const idsPerLookup = 10_000

/** The stored fingerprint of each of these records that exists: what tells a new record from a changed or an unchanged one. */
export async function creditFingerprints(db: ScopedDb, ids: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  // A store that holds no record yet (a first import) holds none of these: one short query, not one per 10,000 ids.
  if (ids.length === 0 || !(await db.selectFrom('credits').select(sql<number>`1`.as('held')).limit(1).executeTakeFirst())) return found
  for (const chunk of chunked(ids, idsPerLookup)) {
    const rows = await db
      .selectFrom('credits')
      .select(['id', 'fingerprint'])
      .where(sql<boolean>`id = any(${chunk}::text[])`)
      .execute()
    for (const row of rows) found.set(row.id, row.fingerprint)
  }
  return found
}

/** What a newer export may say differently of a record: everything but its identity. */
const rewritten = creditColumns.filter((column) => column !== 'id')

/**
 * Records no store held when the import looked, as `creditLine` blocks: staged while the run reads (`openStaging`),
 * then written in its transaction.
 */
export const openCreditStaging = (target: ImportTarget, store: 'pglite' | 'postgresql') => openStaging(target, 'credits', store)
export const stageNewCredits = (target: ImportTarget, blocks: readonly CopyBlock[]) => stageRows(target, 'credits', creditColumns, blocks)
export const insertStagedCredits = (target: ImportTarget, rows: number, store: 'pglite' | 'postgresql') => insertStagedRows(target, 'credits', creditColumns, rows, store)
export const dropCreditStaging = (target: ImportTarget) => dropStaging(target, 'credits')

/**
 * Rewrites records seen before whose content changed (a newer export's wording), as `creditLine` blocks; one whose
 * fingerprint is what is stored is left as it is.
 */
export async function rewriteCredits(target: ImportTarget, blocks: readonly CopyBlock[]) {
  await copyChangedRows(target, 'credits', creditColumns, blocks, { set: rewritten, when: 'stored.fingerprint <> excluded.fingerprint' })
}

/**
 * What stands between two words of a text a search reads: spaces, ASCII punctuation and the ` | ` between a record's
 * fields, each written out. The trigram index reads a class of such characters as a word's edge, and so gives a short
 * word ("17" of "company 17 ltd") the trigrams of its edges; "not a letter or digit" (`[^[:alnum:]]`) it cannot read,
 * and hands back every text (800 ms against 24 over 300,000 texts, PGlite), nor a class holding characters beyond
 * ASCII (Unicode's dashes and quotes: 680 ms against 9 for "company 7 ltd"). A `]` is first, a `-` last, so both are
 * themselves; a backslash is written twice, as a bracket of PostgreSQL's expressions reads escapes.
 */
const betweenWords = `[] \t\n!"#$%&'()*+,./:;<=>?@[\\\\^_\`{|}~-]`

/**
 * What a beneficiary search matches: the words typed, each at the start of a word of the text, in order, with only
 * spaces or punctuation between them, however the registry wrote them: "Coca Cola" finds "Coca-Cola", "cola" finds it
 * too, and "Eni" finds Eni Plenitude but not PETROLEOS DEL MILENIO, Genie Energy or a Turkish "Yenilenebilir", which
 * hold it inside a word. Accents are folded, and typographers' quotes and dashes read as typed, on both sides
 * (`folded`): "cote d'ivoire" finds "Côte d’Ivoire". One pattern, which the trigram index answers itself
 * (docs/beneficiaries.md). Typed with other punctuation beyond ASCII between its words ("« Verte »"), which the pattern's class cannot hold, the text is
 * found as typed (the `like` the index answers), its words still at word starts (`wordStarts`, read from the rows
 * found). Typed with no letter or digit, the text is looked for as it is, `%` and `_` as themselves.
 */
export function beneficiaryMatch(typed: string): { pattern: string } | { like: string; wordStarts: string | null } {
  // Read as the texts are (`searched`): "Petróleos" and "petroleos" alike.
  const lower = folded(typed)
  // Letters (with their combining marks: "İletişim" lower-cases to an i and a dot above) and digits only, so a word
  // needs no escaping in either pattern.
  const words = lower.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean)
  const like = `%${escapeLike(lower.trim().replace(/\s+/g, ' '))}%`
  if (words.length === 0) return { like, wordStarts: null }
  if ([...lower].some((char) => char > '\u007f' && !/[\p{L}\p{M}\p{N}]/u.test(char))) return { like, wordStarts: `(^|[^[:alnum:]])${words.join('[^[:alnum:]]+')}` }
  return { pattern: `(^|${betweenWords})${words.join(`${betweenWords}+`)}` }
}

/**
 * Whether a column's text is what a search matches. A word-start check beside a `like` reads the text of each row the
 * `like` found, never through the index (a column's text joined to nothing is no indexed expression).
 */
function matches(column: 'text' | 'search_text', match: ReturnType<typeof beneficiaryMatch>) {
  if ('pattern' in match) return sql<boolean>`${sql.ref(column)} ~ ${match.pattern}`
  if (match.wordStarts === null) return sql<boolean>`${sql.ref(column)} like ${match.like}`
  return sql<boolean>`(${sql.ref(column)} like ${match.like} and (${sql.ref(column)} || '') ~ ${match.wordStarts})`
}

/** `%` and `_` in what a person typed are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

function filtered(db: ScopedDb, query: CreditFilter) {
  let base = db.selectFrom('credits')
  if (query.project) base = base.where(sql<boolean>`upper(project_key) = ${query.project.toUpperCase()}`)
  if (query.kind) base = base.where('kind', '=', query.kind)
  if (query.registry) base = base.where('registry', '=', query.registry)
  if (query.vintage !== undefined) base = base.where('vintage', '=', query.vintage)
  // Bounds on the newest-first order's key, which its indexes hold, rather than on the day itself (no index of its
  // own since migration 027): an undated record is `-infinity` there, below any day, so a lower bound leaves it out
  // as `date >= from` did, and an upper bound leaves it out by starting past it.
  if (query.from) base = base.where(sql<boolean>`${newest} >= ${query.from}::date`)
  if (query.to) base = base.where(sql<boolean>`${newest} > '-infinity'::date and ${newest} <= ${query.to}::date`)
  if (query.label) base = base.where(sql<boolean>`${query.label} = any(labels)`)
  if (query.beneficiary) {
    // The records whose own words hold the text, and every record of a beneficiary whose name or any spelling
    // does. Each side is an array read once and matched through its index, so the two combine by a bitmap OR
    // rather than a scan of every record.
    const match = beneficiaryMatch(query.beneficiary)
    const texts = db.selectFrom('credit_search_texts').select('id').where(matches('text', match))
    const named = db.selectFrom('beneficiary_spellings').select('resolved_name').where(matches('search_text', match))
    const spellings = db.selectFrom('beneficiary_spellings').select('spelling_id').where('resolved_name', 'in', named)
    base = base.where(sql<boolean>`(search_id = any(array(${texts})) or beneficiary_id = any(array(${spellings})))`)
  }
  if (query.retired_for) {
    const spellings = db.selectFrom('beneficiary_spellings').select('spelling_id').where('resolved_name', '=', query.retired_for)
    base = base.where(sql<boolean>`beneficiary_id = any(array(${spellings}))`)
  }
  return base
}

/**
 * The newest-first order's key: the day, undated records after every dated one. With the id after it the order
 * is total, and migration 025's indexes hold it, so a page next to a position is a walk along an index.
 */
const newest = sql`coalesce(date, '-infinity'::date)`

/** A record's place in the newest-first order: its day (`YYYY-MM-DD`, null when undated) and its id. */
export interface CreditPosition {
  day: string | null
  id: string
}

/** Which way from a position a page reads: toward older records (the list's own order) or back toward newer ones. */
export type CreditDirection = 'older' | 'newer'

/** A row of a page: the stored record, and its day as a position names it. */
const pageRows = (db: ScopedDb, filter: CreditFilter) => filtered(db, filter).selectAll().select(sql<string | null>`to_char(date, 'YYYY-MM-DD')`.as('position_day'))

export type CreditPageRow = Awaited<ReturnType<ReturnType<typeof pageRows>['execute']>>[number]

/**
 * Up to `limit` records of the filter next to a position (from the first, with none), toward older or newer ones,
 * nearest first. A row comparison on the index's own key: one step down the index, then `limit` entries along it.
 */
export async function creditsBeside(db: ScopedDb, filter: CreditFilter, from: CreditPosition | null, direction: CreditDirection, limit: number) {
  let rows = pageRows(db, filter)
  if (from) {
    const position = sql`(${from.day ?? '-infinity'}::date, ${from.id}::text)`
    rows = rows.where(direction === 'older' ? sql<boolean>`(${newest}, id) < ${position}` : sql<boolean>`(${newest}, id) > ${position}`)
  }
  const order = direction === 'older' ? sql`desc` : sql`asc`
  return rows.orderBy(sql`${newest} ${order}`).orderBy(sql`id ${order}`).limit(limit).execute()
}

/** Up to `limit` records of the filter from the `offset`th on, newest first: a numbered page, its cost growing with its depth. */
export async function creditsAt(db: ScopedDb, filter: CreditFilter, offset: number, limit: number) {
  return pageRows(db, filter).orderBy(sql`${newest} desc`).orderBy(sql`id desc`).limit(limit).offset(offset).execute()
}

/** How many records a filter keeps, exact or the planner's estimate, and their credits when counted exactly. */
export interface CreditCount {
  total: number
  estimated: boolean
  sumQuantity: number | null
  /**
   * The same credits by kind: an issuance and a retirement are not the same credits, and are not added up. Issued is
   * to the projects: an issuance into a registry's buffer pool is in `sumIntoBufferPool`, as a project's figures keep it.
   */
  sumByKind: Record<CreditKind, number> | null
  sumIntoBufferPool: number | null
}

/**
 * How many records the filter keeps and their credits, counted exactly up to `bound` records. Past it the count is
 * the planner's estimate (never below `bound + 1`) and the credits are not summed: an exact answer would read
 * every record the filter keeps, which is what a list read must not cost.
 */
export async function countCredits(db: ScopedDb, filter: CreditFilter, bound: number): Promise<CreditCount> {
  const counted = await db
    .selectFrom(filtered(db, filter).select(['quantity', 'kind', intoBufferPool('credits').as('buffer')]).limit(bound + 1).as('kept'))
    .select([
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string | null>`sum(kept.quantity)`.as('sum_quantity'),
      ...creditKinds.map((kind) => sql<string | null>`sum(kept.quantity) filter (where kept.kind = ${kind} and not kept.buffer)`.as(kind)),
      sql<string | null>`sum(kept.quantity) filter (where kept.buffer)`.as('buffer'),
    ])
    .executeTakeFirstOrThrow()
  const total = Number(counted.total)
  if (total <= bound) {
    const sumByKind = Object.fromEntries(creditKinds.map((kind) => [kind, Number(counted[kind] ?? 0)])) as Record<CreditKind, number>
    return { total, estimated: false, sumQuantity: Number(counted.sum_quantity ?? 0), sumByKind, sumIntoBufferPool: Number(counted.buffer ?? 0) }
  }
  const [plan] = await filtered(db, filter).select(sql<number>`1`.as('kept')).explain('json')
  return { total: Math.max(bound + 1, plannedRows(plan['QUERY PLAN'])), estimated: true, sumQuantity: null, sumByKind: null, sumIntoBufferPool: null }
}

/** The rows the planner expects of a query, from `explain (format json)`, which a driver gives as text or parsed. */
function plannedRows(plan: unknown): number {
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[]
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0)
}

/**
 * Credits per month or year, by kind, under a filter: `to_char` of the day, so a period reads as it is shown. Issued is
 * to the projects, and what went into a registry's buffer pool is apart, as in `countCredits`.
 */
export async function creditTotalsByPeriod(db: ScopedDb, query: CreditTotalsQuery) {
  const format = query.interval === 'year' ? 'YYYY' : 'YYYY-MM'
  // A literal, not a parameter: the grouped and the selected expression must be the same text.
  const period = sql<string>`to_char(date, ${sql.lit(format)})`
  return filtered(db, query)
    .where('date', 'is not', null)
    .select([
      period.as('period'),
      sql<number>`coalesce(sum(quantity) filter (where kind = 'issuance' and not ${intoBufferPool('credits')}), 0)`.as('issued'),
      sql<number>`coalesce(sum(quantity) filter (where ${intoBufferPool('credits')}), 0)`.as('into_buffer_pool'),
      sql<number>`coalesce(sum(quantity) filter (where kind = 'retirement'), 0)`.as('retired'),
      sql<number>`coalesce(sum(quantity) filter (where kind = 'cancellation'), 0)`.as('cancelled'),
      sql<number>`coalesce(sum(quantity) filter (where kind = 'retirement_or_cancellation'), 0)`.as('retired_or_cancelled'),
    ])
    .groupBy(period)
    .orderBy(period)
    .execute()
}

/**
 * Who credits were retired for under a filter, largest first, with how many records and projects: each record
 * counted under the name its spelling resolves to (see `beneficiary_spellings`), so a company's spellings are one
 * line, and records that name no one none.
 */
export async function topBeneficiaries(db: ScopedDb, query: CreditBeneficiariesQuery) {
  const rows = await filtered(db, query)
    .where('kind', 'in', retiringKinds)
    .innerJoin('beneficiary_spellings as spelling', 'spelling.spelling_id', 'credits.beneficiary_id')
    .where('spelling.resolved_name', 'is not', null)
    .select([
      sql<string>`spelling.resolved_name`.as('name'),
      sql<number>`sum(credits.quantity)`.as('quantity'),
      sql<string>`count(*)`.as('records'),
      sql<string>`count(distinct upper(credits.project_key))`.as('projects'),
    ])
    .groupBy('spelling.resolved_name')
    .orderBy(sql`sum(credits.quantity) desc`)
    .orderBy('spelling.resolved_name')
    .limit(query.limit)
    .execute()
  return rows.map((row) => ({ name: row.name, quantity: Number(row.quantity), records: Number(row.records), projects: Number(row.projects) }))
}

/**
 * Whether a record (of the query's `credits`, or its alias) is a block of an issuance Berkeley's count already holds,
 * though dated after it. Verra's export writes on every block of an issuance what the issuance of its vintage came
 * to (`Total Vintage Quantity`); a block re-recorded after the count carries a new day and new serial numbers, but
 * where that figure is exactly the count's issued of the vintage, its credits are the ones the count holds (30 of
 * the 86 project vintages of Verra's April 2026 sample, against Berkeley's v2025-12), not credits issued since. So
 * too where it is exactly what the count has the project issue in one year from the vintage's on: a vintage issued
 * over several issuances states each one's figure (VCS1974's 2023 block of Mar 31, 2026 states 53,026, Berkeley's
 * issued in 2025, where the vintage's issued, 56,887, is of two). And so where the figures the project's issuances of
 * the vintage state, each period's once, come to no more than the count's issued of it: Verra's vintage is a
 * monitoring period, Berkeley's a calendar year that may hold several, and a period the year holds is not issued
 * again. VCS3801's blocks of Apr 1, 2026 state 480,925 for Mar 1 to Dec 31, 2023, where Berkeley counts 485,134 for
 * 2023 (and holds their sibling issuance of 2024, 64,855, to the credit); read as new, its 2023 read 633,948 issued.
 * Two periods that come to more than the count cannot both be counted, so neither is held by this rule.
 */
export function heldByCount(db: ScopedDb, credit: 'credits' | 'c') {
  const outer = (column: string) => sql.raw(`${credit}.${column}`)
  // A year's issued is of every vintage: it holds the block only where the count issues the vintage at least as much,
  // so a new issuance whose figure happens to equal some year's is not taken for one counted.
  const vintageHeld = db
    .selectFrom('credit_years as held_vintage')
    .select(sql<number>`1`.as('held'))
    .where(sql<boolean>`held_vintage.project_id = counted_year.project_id and held_vintage.year = ${outer('vintage')} and held_vintage.issued_by_vintage >= ${outer('stated_vintage_total')}`)
  // What the project's issuances of the vintage state, each figure once: the periods of the vintage the records name.
  const periods = db
    .selectFrom('credits as period')
    .select(sql<number>`sum(distinct period.stated_vintage_total)`.as('stated'))
    .where(sql<boolean>`upper(period.project_key) = upper(${outer('project_key')}) and period.kind = 'issuance' and period.vintage = ${outer('vintage')}`)
  const counted = db
    .selectFrom('credit_years as counted_year')
    .innerJoin('projects as counted_project', 'counted_project.id', 'counted_year.project_id')
    .select(sql<number>`1`.as('held'))
    .where(sql<boolean>`upper(counted_project.key) = upper(${outer('project_key')})`)
    .where(
      sql<boolean>`((counted_year.year = ${outer('vintage')} and counted_year.issued_by_vintage = ${outer('stated_vintage_total')}) or (counted_year.year >= ${outer('vintage')} and counted_year.issued_in_year = ${outer('stated_vintage_total')} and exists (${vintageHeld})) or (counted_year.year = ${outer('vintage')} and counted_year.issued_by_vintage > ${outer('stated_vintage_total')} and (${periods}) <= counted_year.issued_by_vintage))`,
    )
  return sql<boolean>`(${outer('kind')} = 'issuance' and ${outer('stated_vintage_total')} is not null and exists (${counted}))`
}

/**
 * Whether a record (of the query's `credits`, or its alias) is of a buffer pool's credits: issued into it, or
 * cancelled from it (core/buffer-pool.ts). The label is a literal, not a parameter: grouped by, the selected and the
 * grouped expression must be the same text.
 */
export function ofBufferPool(credit: 'credits' | 'c') {
  return sql<boolean>`(${sql.lit(bufferPoolLabel)} = any(${sql.raw(`${credit}.labels`)}))`
}

/** Whether a record issued its credits into the registry's buffer pool: the same test as `isIntoBufferPool`. */
export function intoBufferPool(credit: 'credits' | 'c') {
  return sql<boolean>`(${sql.raw(`${credit}.kind`)} = 'issuance' and ${ofBufferPool(credit)})`
}

/**
 * A project's records summed by source, kind, vintage and the year of their day, split at a day: what is dated after it (every record,
 * when there is no day) and what is not. One pass over the project's index range, however many records it has. A
 * block of an issuance the count holds (`heldByCount`) is not after it, whatever its day.
 */
export async function projectCreditGroups(db: ScopedDb, projectKey: string, after: Date | null) {
  // A literal, not a parameter: the grouped and the selected expression must be the same text. A Date's own ISO day.
  // Dated after the count, and of an issuance it holds (not added, and said so): each asked once a record, `later`
  // derived from both below.
  const dated = after === null ? sql<boolean>`true` : sql<boolean>`coalesce(date > ${sql.lit(after.toISOString().slice(0, 10))}::date, false)`
  const held = after === null ? sql<boolean>`false` : sql<boolean>`(${dated} and ${heldByCount(db, 'credits')})`
  // The year of the record's day, which the project's credits per year add the later records by.
  const year = sql<number | null>`extract(year from date)::int`
  const rows = await db
    .selectFrom('credits')
    .where(sql<boolean>`upper(project_key) = ${projectKey.toUpperCase()}`)
    .select([
      'source_id',
      'kind',
      'vintage',
      dated.as('dated'),
      held.as('held'),
      ofBufferPool('credits').as('buffer'),
      year.as('year'),
      sql<number>`sum(quantity)`.as('quantity'),
      sql<string>`count(*)`.as('records'),
      sql<string | null>`to_char(max(date), 'YYYY-MM-DD')`.as('through'),
    ])
    // A constant is selected as it is: PostgreSQL refuses one in GROUP BY.
    .groupBy(after === null ? ['source_id', 'kind', 'vintage', year, ofBufferPool('credits')] : ['source_id', 'kind', 'vintage', year, dated, held, ofBufferPool('credits')])
    .execute()
  return rows.map(({ dated: datedAfter, held: heldByIt, buffer, ...row }) => ({
    ...row,
    year: row.year === null ? null : Number(row.year),
    quantity: Number(row.quantity),
    records: Number(row.records),
    later: Boolean(datedAfter) && !heldByIt,
    held: Boolean(heldByIt),
    buffer: Boolean(buffer),
  }))
}
export type ProjectCreditGroup = Awaited<ReturnType<typeof projectCreditGroups>>[number]

/** A page of retiring records no spelling was recorded for (stored before spellings were kept), by id from `after`. */
export async function recordsWithoutSpelling(db: ScopedDb, after: string, limit: number) {
  return db
    .selectFrom('credits')
    .where('beneficiary_id', 'is', null)
    .where('kind', 'in', retiringKinds)
    .where('id', '>', after)
    .select(['id', 'kind', 'beneficiary_raw', 'reason'])
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Records' spellings, as read again from the records themselves (see `beneficiaries/older-stores.ts`). */
export async function setRecordSpellings(db: ScopedDb, ids: readonly string[], spellingIds: readonly string[]) {
  if (ids.length === 0) return
  const given = sql<{ id: string; spelling_id: string }>`(select * from unnest(${ids}::text[], ${spellingIds}::bigint[]) as given (id, spelling_id))`
  await db
    .updateTable('credits')
    .from(given.as('v'))
    .set({ beneficiary_id: sql`v.spelling_id` })
    .where(sql<boolean>`credits.id = v.id`)
    .execute()
}

/**
 * After an import wrote records: fresh statistics, so the planner knows how many records a project or a search
 * holds, and the trigram index's pending entries merged, so a beneficiary search reads the index rather than a
 * list of recent insertions. Neither changes what is stored.
 */
export async function tidyCredits(target: ImportTarget) {
  await sql`analyze ${sql.table(`${target.dataset}.credits`)}`.execute(target.db)
  await sql`analyze ${sql.table(`${target.dataset}.credit_search_texts`)}`.execute(target.db)
  await sql`select gin_clean_pending_list(${`${target.dataset}.credit_search_texts_trgm_idx`}::regclass)`.execute(target.db)
}
