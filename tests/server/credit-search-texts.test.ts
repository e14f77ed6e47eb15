import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { countCredits, creditsBeside } from '../../src/server/db/queries/credits'
import { scoped } from '../../src/server/db/queries/scoped'
import { searchTextId } from '../../src/server/importers/digest/search-text-id'
import { folded } from '../../src/lib/folded'

/**
 * A store holding records from before their search texts moved into a table of their own (migration 017): each
 * record keeps what a search finds of it, under the id an import derives from the same text; and, since migration
 * 035, that text with its accents folded, as a search reads what is typed.
 */
let database: DatabaseHandle
const texts = [
  'microsoft corporation | microsoft corporation',
  'retired on behalf of chanel | emergent retiring on behalf of chanel',
  '',
  'ünïcode 100% _co_',
  // As a search stores them: lower-cased, "İ" an i and a dot above; a registry's own curly apostrophe; a backslash.
  'turkcell i̇letişim hizmetleri a.ş',
  'côte d’ivoire reforestation',
  'north\\south trust',
]

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db, '016-price-quotes')
  for (const [i, text] of [...texts, texts[0]].entries()) {
    await sql`insert into live.credits (id, registry, project_key, kind, quantity, search, fingerprint, source_id, file_name, row_number, run_id, date)
      values (${`VCS:r:${i}`}, 'VCS', 'VCS1', 'retirement', ${100 + i}, ${text}, 'f', 'src_verra', 'transactions.csv', ${i + 2}, 'run_1', ${`2026-0${i + 1}-01`})`.execute(database.db)
  }
  // A spelling stored before migration 035, its search text lower-cased only, and a record naming it by no word of
  // its own: found by the name's words alone.
  await migrate(database.db, '034-coverage-labels')
  await sql`insert into live.beneficiary_spellings (spelling_id, field, spelling, resolved_name, records, search_text)
    values (42, 'Retirement Beneficiary', 'ENGIE Energía Chile S.A', 'ENGIE Energía Chile', 1, 'engie energía chile s.a | engie energía chile')`.execute(database.db)
  await sql`insert into live.credits (id, registry, project_key, kind, quantity, search_id, beneficiary_id, fingerprint, source_id, file_name, row_number, run_id, date)
    values ('VCS:r:engie', 'VCS', 'VCS1', 'retirement', 7, ${searchTextId('')}, 42, 'f', 'src_verra', 'transactions.csv', 99, 'run_1', '2026-09-01')`.execute(database.db)
  await migrate(database.db)
}, 60_000)

afterAll(() => database?.close())

describe('search texts stored once', () => {
  it('gives every record the id an import derives from its folded text, and stores each text once', async () => {
    const live = scoped(database.db, 'live')
    const records = await live.selectFrom('credits').select(['id', 'search_id']).where('id', '!=', 'VCS:r:engie').orderBy('id').execute()
    expect(records.map((r) => String(r.search_id))).toEqual([...texts, texts[0]].map((t) => searchTextId(folded(t))))
    const stored = await live.selectFrom('credit_search_texts').select(['id', 'text']).execute()
    expect(new Map(stored.map((t) => [t.text, String(t.id)]))).toEqual(new Map(texts.map((t) => [folded(t), searchTextId(folded(t))])))
    // The accented texts moved: none is left under the id of its unfolded text.
    expect(stored.map((t) => t.text)).toEqual(expect.arrayContaining(['unicode 100% _co_', 'turkcell iletisim hizmetleri a.s', "cote d'ivoire reforestation"]))
    expect(stored).toHaveLength(texts.length)
  })

  it('finds records by the words typed at the start of words, whatever punctuation stands between, case-insensitively, with % and _ as letters', async () => {
    const live = scoped(database.db, 'live')
    const search = (beneficiary: string) => countCredits(live, { beneficiary }, 10_000)
    expect(await search('MICROSOFT')).toMatchObject({ total: 2, sumQuantity: 100 + (100 + texts.length) })
    expect((await creditsBeside(live, { beneficiary: 'Emergent retiring on behalf of Chanel' }, null, 'older', 50)).map((r) => r.id)).toEqual(['VCS:r:1'])
    expect((await search('100% _co')).total).toBe(1)
    // Between words any spaces or punctuation: "100%_co" is the words "100" and "co", as "100% _co" is.
    expect((await search('100%_co')).total).toBe(1)
    expect((await search('1_0')).total).toBe(0)
    // Typed with no letter or digit, the text is looked for as it is.
    expect((await search('% _')).total).toBe(1)
    expect((await search('%%')).total).toBe(0)
    expect((await search('_')).total).toBe(1)
    // A word with a combining mark is one word; what a registry wrote beyond ASCII between words is found as typed.
    expect((await search('Turkcell İletişim')).total).toBe(1)
    expect((await search('côte d’ivoire')).total).toBe(1)
    // Accents folded, typographers' apostrophes as typed, on either side: the text as a keyboard without them types it.
    expect((await search('cote')).total).toBe(1)
    expect((await search("Cote d'Ivoire")).total).toBe(1)
    expect((await search('TURKCELL ILETISIM')).total).toBe(1)
    expect((await search('ÜNICODE')).total).toBe(1)
    expect((await search('unïcode')).total).toBe(1)
    // A spelling's search text is folded too.
    expect(await search('Energia Chile')).toMatchObject({ total: 1, sumQuantity: 7 })
    expect((await search('ENERGÍA')).total).toBe(1)
    expect((await search('north south')).total).toBe(1)
    // Inside a word is not where a word starts: "soft" is not Microsoft.
    expect((await search('soft')).total).toBe(0)
    expect((await search('nobody')).total).toBe(0)
  })
})
