import { sql } from 'kysely'
import { jsonStatements, type JsonChunks } from './json-chunks'
import type { ImportTarget } from './scoped'

/**
 * Inserts rows as JSON text, one parameter per chunk (far below PostgreSQL's bound-parameter limit, and quicker
 * on PGlite than binding every value); rows given as objects are turned into text a chunk at a time, as they
 * are written, a chunk bounded by rows and by characters (`jsonStatements`). `conflict` says what a row whose key exists does. The statement each table's writer calls.
 */
export async function insertJson(
  { db, dataset }: ImportTarget,
  table: 'projects' | 'coverage' | 'credit_search_texts' | 'beneficiary_spellings',
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

/** Each chunk as text, decoded only when its turn comes. */
function* decoded(chunks: readonly Uint8Array[]): Generator<string> {
  const decoder = new TextDecoder()
  for (const chunk of chunks) yield decoder.decode(chunk)
}
