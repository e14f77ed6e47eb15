import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { copyLine } from '../../src/server/db/copy/copy-line'
import { creditLine } from '../../src/server/db/copy/credit-columns'
import { insertStagedRows, openStaging, stageRows } from '../../src/server/db/queries/copy-rows'
import { insertSearchTexts } from '../../src/server/db/queries/credit-search-texts'
import { rewriteCredits } from '../../src/server/db/queries/credits'
import type { NewCredit } from '../../src/server/db/schema'
import { scoped } from '../../src/server/db/queries/scoped'
import { memoryStore } from '../support/memory-store'

/** New records written by COPY on the embedded store read back exactly as given, whatever their text holds. */
const store = memoryStore()

const record = (id: string, overrides: Record<string, unknown>) => ({
  id, registry: 'VCS', project_key: 'VCS1', kind: 'retirement', quantity: 1.5, vintage: 2021, date: '2026-04-13', serial: 's', labels: [],
  beneficiary: 'Chanel', beneficiary_raw: {}, reason: null, search_id: '-9223372036854775808', beneficiary_id: null, fingerprint: 'f', source_id: 'src_verra',
  file_name: 'transactions.csv', row_number: 2, run_id: 'run_1', stated_vintage_total: null, ...overrides,
})

/** Lines as COPY is given them: their UTF-8 bytes, as a parsing worker packs them. */
const blockOf = (lines: string) => [new TextEncoder().encode(lines)]

/** New rows as an import writes them: staged outside the transaction, then written in it. */
async function copyNewRows(dataset: 'live' | 'sandbox', columns: readonly string[], lines: string, rows: number) {
  const outside = { db: scoped(store().db, dataset), dataset }
  await openStaging(outside, 'credits', 'pglite')
  await stageRows(outside, 'credits', columns, [blockOf(lines)])
  await store().db.transaction().execute((trx) => insertStagedRows({ db: scoped(trx, dataset), dataset }, 'credits', columns, rows, 'pglite'))
}

describe('COPY of new rows', () => {
  it('keeps quotes, commas, line breaks, backslashes, empty text, nulls, arrays and JSON as they were', async () => {
    const given = [
      record('a', { beneficiary: 'He said "retire", then, left\r\nthe room \\ N', reason: '', labels: ['CORSIA "phase 1"', 'a,b', 'back\\slash', ''] }),
      record('b', { beneficiary: null, vintage: null, date: null, serial: null, beneficiary_raw: { 'Retirement Details': '=HYPERLINK("x")', 'ü': 'é\n"' } }),
      record('c', { beneficiary: '\\N', reason: 'NULL', quantity: 1e9 + 0.25, kind: 'issuance', stated_vintage_total: 1_454_054 }),
    ]
    const columns = Object.keys(given[0]) as (keyof (typeof given)[number])[]
    const block = given.map((row) => copyLine(columns.map((column) => row[column]))).join('')
    await copyNewRows('live', columns, block, given.length)
    const stored = await scoped(store().db, 'live').selectFrom('credits').selectAll().orderBy('id').execute()
    expect(stored.map((row) => ({ ...row, search_id: String(row.search_id), date: row.date && row.date.toISOString().slice(0, 10) }))).toEqual(given)
  })

  it('rewrites a record whose fingerprint changed, from COPY, and leaves one whose fingerprint is what is stored', async () => {
    const changed = record('a', { beneficiary: 'Chanel SA', fingerprint: 'g', file_name: 'newer.csv' }) as NewCredit
    const same = record('c', { beneficiary: 'not written', fingerprint: 'f' }) as NewCredit
    await store().db.transaction().execute((trx) => rewriteCredits({ db: scoped(trx, 'live'), dataset: 'live' }, [blockOf(creditLine(changed) + creditLine(same))]))
    const stored = await scoped(store().db, 'live').selectFrom('credits').select(['id', 'beneficiary', 'fingerprint', 'file_name']).orderBy('id').execute()
    expect(stored).toEqual([
      { id: 'a', beneficiary: 'Chanel SA', fingerprint: 'g', file_name: 'newer.csv' },
      { id: 'b', beneficiary: null, fingerprint: 'f', file_name: 'transactions.csv' },
      { id: 'c', beneficiary: '\\N', fingerprint: 'f', file_name: 'transactions.csv' },
    ])
  })
})

describe('COPY of more rows than the table holds', () => {
  const indexes = async () => {
    const { rows } = await sql<{ name: string; definition: string; file: number }>`
      select indexname as name, indexdef as definition, pg_relation_filenode(format('%I.%I', schemaname, indexname)::regclass) as file
      from pg_indexes where schemaname = 'sandbox' and tablename = 'credits' order by indexname`.execute(store().db)
    return rows
  }
  const copy = (ids: string[]) => {
    const rows = ids.map((id) => record(id, {}))
    const columns = Object.keys(rows[0]) as (keyof (typeof rows)[number])[]
    const block = rows.map((row) => copyLine(columns.map((column) => row[column]))).join('')
    return copyNewRows('sandbox', columns, block, ids.length)
  }
  const stored = async () => (await scoped(store().db, 'sandbox').selectFrom('credits').select('id').orderBy('id').execute()).map((row) => row.id)
  /** The table's own id (a table made anew has another), whether it is logged, and whether a staging table is left. */
  const table = async () =>
    (
      await sql<{ oid: number; persistence: string; staged: string | null }>`
        select oid::int as oid, relpersistence as persistence, to_regclass('sandbox.staged_credits')::text as staged
        from pg_class where oid = 'sandbox.credits'::regclass`.execute(store().db)
    ).rows[0]

  it('builds the indexes again after them, as they were; fewer rows keep them up; a key given twice changes nothing', async () => {
    const before = await indexes()
    expect(before.map((index) => index.name)).toEqual(['credits_beneficiary_idx', 'credits_newest_idx', 'credits_pkey', 'credits_project_newest_idx', 'credits_search_idx'])

    await copy(['a', 'b', 'c'])
    const rebuilt = await indexes()
    expect(rebuilt.map(({ name, definition }) => ({ name, definition }))).toEqual(before.map(({ name, definition }) => ({ name, definition })))
    rebuilt.forEach((index, i) => expect(index.file).not.toBe(before[i].file))
    const key = await sql<{ type: string }>`select contype as type from pg_constraint where conname = 'credits_pkey' and conrelid = 'sandbox.credits'::regclass`.execute(store().db)
    expect(key.rows).toEqual([{ type: 'p' }])

    const first = await table()
    await copy(['d'])
    expect(await indexes()).toEqual(rebuilt)
    expect(await table()).toEqual(first)

    await expect(copy(['e', 'f', 'g', 'h', 'e'])).rejects.toThrow(/could not create unique index|duplicate/)
    expect(await indexes()).toEqual(rebuilt)
    expect(await stored()).toEqual(['a', 'b', 'c', 'd'])

    // More new rows than the table holds: the staging table becomes the table, the rows held copied in beside them.
    await copy(['e', 'f', 'g', 'h', 'i'])
    expect(await stored()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])
    expect((await indexes()).map(({ name, definition }) => ({ name, definition }))).toEqual(before.map(({ name, definition }) => ({ name, definition })))
    const taken = await table()
    expect(taken.oid).not.toBe(first.oid)
    expect(taken).toMatchObject({ persistence: 'p', staged: null })
    // The key is enforced again: a record given twice across imports is refused, not stored twice.
    await expect(copy(['a'])).rejects.toThrow(/duplicate key/)
  })
})

describe('a first import\'s search texts', () => {
  it('are indexed for search once they are in, the key kept to skip a text already there', async () => {
    const indexes = async () =>
      (
        await sql<{ name: string; definition: string; file: number }>`
          select indexname as name, indexdef as definition, pg_relation_filenode(format('%I.%I', schemaname, indexname)::regclass) as file
          from pg_indexes where schemaname = 'sandbox' and tablename = 'credit_search_texts' order by indexname`.execute(store().db)
      ).rows
    const insert = (texts: { id: string; text: string }[]) =>
      store().db.transaction().execute((trx) => insertSearchTexts({ db: scoped(trx, 'sandbox'), dataset: 'sandbox' }, texts, 'pglite'))
    const before = await indexes()
    expect(before.map((index) => index.name)).toEqual(['credit_search_texts_pkey', 'credit_search_texts_trgm_idx'])

    await insert([{ id: '1', text: 'chanel' }, { id: '2', text: 'microsoft corporation' }])
    const after = await indexes()
    expect(after.map(({ name, definition }) => ({ name, definition }))).toEqual(before.map(({ name, definition }) => ({ name, definition })))
    expect(after[0].file).toBe(before[0].file)
    expect(after[1].file).not.toBe(before[1].file)

    // Fewer than the table holds, one of them there already: kept up row by row, the text stored once.
    await insert([{ id: '2', text: 'microsoft corporation' }])
    expect(await indexes()).toEqual(after)
    const found = await scoped(store().db, 'sandbox').selectFrom('credit_search_texts').select('id').where('text', 'like', '%micro%').execute()
    expect(found.map((row) => String(row.id))).toEqual(['2'])
  })
})
