import { sql } from 'kysely'
import type { NewPriceQuote } from '../schema'
import { chunked } from './chunks'
import type { ScopedDb } from './scoped'

/** The one writer of `price_quotes`. A quotes file stands for the source's quotes as they are now: the ones before it are replaced, not added to. */
export async function replaceQuotes(db: ScopedDb, sourceId: string, quotes: readonly NewPriceQuote[]) {
  await db.deleteFrom('price_quotes').where('source_id', '=', sourceId).execute()
  for (const chunk of chunked(quotes)) await db.insertInto('price_quotes').values(chunk).execute()
}

/**
 * Each project's cheapest quote that still holds on `today` (no end, or an end on or after it), cheaper first and,
 * at one price, the newer vintage; with the source that quoted it.
 */
export async function liveQuotes(db: ScopedDb, today: string) {
  return db
    .selectFrom('price_quotes')
    .select(['project_id', 'vintage', 'price_usd', 'quantity', 'supplier', 'source_id', sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'), sql<string>`(extract(epoch from quoted_at) * 1000)::float8`.as('quoted_ms')])
    .distinctOn('project_id')
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', sql<Date>`${today}::date`)]))
    .orderBy('project_id')
    .orderBy('price_usd')
    .orderBy(sql`vintage desc nulls last`)
    .execute()
}
export type LiveQuote = Awaited<ReturnType<typeof liveQuotes>>[number]
