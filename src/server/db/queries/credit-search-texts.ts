import { sql } from 'kysely'
import type { NewCreditSearchText } from '../schema'
import { writeInBulk } from './copy-rows'
import { insertJson } from './insert-json'
import type { ImportTarget } from './scoped'

/** The one writer of `credit_search_texts`: records' own words in lower case, for finding what an organisation retired. */

/**
 * Records' search texts, once each: a text already stored is the same text, its id being derived from it. A
 * first import's tens of thousands are indexed for search once they are in (`writeInBulk`).
 */
export async function insertSearchTexts(target: ImportTarget, texts: readonly NewCreditSearchText[], store: 'pglite' | 'postgresql') {
  await writeInBulk(target, 'credit_search_texts', { rows: texts.length, store, keepKey: true }, () =>
    insertJson(target, 'credit_search_texts', texts, sql`on conflict (id) do nothing`),
  )
}
