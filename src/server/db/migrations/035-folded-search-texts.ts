import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Search texts with their accents folded, and typographers' quotes and dashes as typed, as a beneficiary search now
 * reads them and what is typed: "Energia Chile" found nothing where the records write "ENGIE Energía Chile", nor
 * "Kuveyt Turk" a "Kuveyt Türk", nor "cote d'ivoire" a "Côte d’Ivoire". A text's id is
 * derived from it, so a text that folds to another moves its records to the folded text's id, which an import of
 * the same words now gives them. A spelling's search text is folded in place. Texts of ASCII alone are unchanged.
 * The fold is written here as it was the day this shipped (`lib/folded.ts`), migrations being frozen.
 */
const undecomposed: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd' }
const typographic: Readonly<Record<string, string>> = { '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '“': '"', '”': '"', '„': '"', '″': '"', '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-' }
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øłđħıßæœþð]/g, (letter) => undecomposed[letter])
    .replace(/[‘’‚‛′“”„″‐‑‒–—―−]/g, (mark) => typographic[mark])
const idOf = (text: string) => createHash('md5').update(text).digest().readBigInt64BE(0).toString()
const slice = 1000

export const foldedSearchTextsMigration: Migration = {
  id: '035-folded-search-texts',
  up: async (db) => {
    for (const dataset of datasets) {
      const texts = sql.table(`${dataset}.credit_search_texts`)
      const credits = sql.table(`${dataset}.credits`)
      const spellings = sql.table(`${dataset}.beneficiary_spellings`)
      const accented = await sql<{ id: string; text: string }>`select id::text as id, text from ${texts} where text ~ '[^\\x01-\\x7f]' order by id`.execute(db)
      const moves = accented.rows.map((row) => ({ from: row.id, text: fold(row.text) })).filter((move, i) => move.text !== accented.rows[i].text)
      for (let at = 0; at < moves.length; at += slice) {
        const part = moves.slice(at, at + slice)
        const from = part.map((move) => move.from)
        const to = part.map((move) => idOf(move.text))
        await sql`insert into ${texts} (id, text) select id::bigint, text from unnest(${to}::text[], ${part.map((move) => move.text)}::text[]) as t(id, text) on conflict (id) do nothing`.execute(db)
        await sql`update ${credits} as credit set search_id = moved.to_id::bigint from unnest(${from}::text[], ${to}::text[]) as moved(from_id, to_id) where credit.search_id = moved.from_id::bigint`.execute(db)
        await sql`delete from ${texts} where id = any(${from}::text[]::bigint[])`.execute(db)
      }
      const spelled = await sql<{ spelling_id: string; search_text: string }>`select spelling_id::text as spelling_id, search_text from ${spellings} where search_text ~ '[^\\x01-\\x7f]'`.execute(db)
      const refolded = spelled.rows.map((row) => ({ id: row.spelling_id, text: fold(row.search_text) })).filter((row, i) => row.text !== spelled.rows[i].search_text)
      for (let at = 0; at < refolded.length; at += slice) {
        const part = refolded.slice(at, at + slice)
        await sql`update ${spellings} as spelling set search_text = folded.text from unnest(${part.map((row) => row.id)}::text[], ${part.map((row) => row.text)}::text[]) as folded(id, text) where spelling.spelling_id = folded.id::bigint`.execute(db)
      }
    }
  },
}
