import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage } from '../../src/api/contract/credits'
import { sourceFor } from '../../src/server/sources/source-list'
import { projectDetail } from '../../src/api/contract/projects'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { readRegistryFile } from '../../src/server/importers/registry/recognise'
import { serialRangeOf } from '../../src/server/importers/registry/serial-range'
import { uploadFile } from '../support/source-runs'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

const registries = resolve('../shared/data/registries')
const haveData = existsSync(registries) && existsSync(berkeleyFile)

/** Verra's transactions header, as its export writes it: the only thing these files take from the sample. */
const header = () => Papa.parse<string[]>(readFileSync(resolve(registries, 'verra/transactions.csv'), 'utf8'), { preview: 1 }).data[0]

/** A block of Verra's transactions, written here: issuance `batch`, units `first` to `last`, retired on `retired` if given. */
interface Block {
  batch: number
  first: string
  last: string
  quantity: string
  retired?: string
  details?: string
  beneficiary?: string
}

/** A transactions export of these blocks, each of project VCS1340, issued 1 March 2026 (vintage 2020). */
function transactions(blocks: Block[]): Uint8Array {
  const rows = blocks.map((block) => ({
    'Issuance Date': '2026-03-01',
    'Vintage Start': '2020-01-01',
    'Vintage End': '2020-12-31',
    ID: '1340',
    Name: 'Checked records project',
    'Country/Area': 'Ethiopia',
    'Quantity Issued': block.quantity,
    'Serial Number': `${block.batch}-${block.first}-${block.last}-VCS-VCU-1507-VER-ET-14-1340-01012020-31122020-1`,
    'Retirement/Cancellation Date': block.retired ?? '',
    'Retirement Beneficiary': block.retired ? (block.beneficiary ?? 'Checked Records Ltd') : '',
    'Retirement Reason': block.retired ? 'Environmental Benefit' : '',
    'Retirement Details': block.details ?? '',
  }))
  return new TextEncoder().encode(Papa.unparse({ fields: header(), data: rows.map((row) => header().map((name) => row[name as keyof typeof row] ?? '')) }))
}

/** Six good rows' worth of blocks, and five that cannot be true, among them. */
const checked: Block[] = [
  { batch: 90001, first: '9100000001', last: '9100000425', quantity: '425', retired: '2026-03-10' },
  { batch: 90001, first: '9100000426', last: '9100000500', quantity: '75' },
  { batch: 90002, first: '9100001001', last: '9100001100', quantity: '100', retired: '2026-03-12' },
  // Units 350 to 409 of the first block's 1 to 425, again.
  { batch: 90001, first: '9100000350', last: '9100000409', quantity: '60', retired: '2026-03-11' },
  { batch: 90003, first: '9100002001', last: '9100002002', quantity: '1,000,000,000', retired: '2026-03-11' },
  { batch: 90004, first: '9100003001', last: '9100003010', quantity: '99999999999999999999999', retired: '2026-03-11' },
  { batch: 90005, first: '9100004001', last: '9100004010', quantity: '10', retired: '9999-12-31' },
  { batch: 90006, first: '9100005001', last: '9100005020', quantity: '20', retired: '2026-03-13', details: 'Retired on behalf of Zyx\u0000 Nul Holdings' },
]

let server: ApiServer
afterAll(async () => {
  await server?.stop()
})

const upload = (name: string, bytes: Uint8Array) => uploadFile(server.url, name, bytes)

async function importFiles(files: [string, Uint8Array][]): Promise<SourceRun> {
  const fileIds = []
  for (const [name, bytes] of files) fileIds.push(await upload(name, bytes))
  const started = await call(server.url, '/api/source-runs', { json: { source: 'src_verra', file_ids: fileIds } })
  expect(started.status).toBe(202)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(server.url, `/api/source-runs/${started.body.id}`)).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 120_000, 100)
}

async function credits(query: string) {
  const answer = await call(server.url, `/api/credits?${query}`)
  expect(answer.status).toBe(200)
  return creditPage.parse(answer.body)
}

describe.skipIf(!haveData)('registry records checked before they count', () => {
  beforeAll(async () => {
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: seededFromBerkeley,
    })
  }, 300_000)

  it('imports the good rows and skips, each with its row and reason, an overlapping block, a billion on two serials, 1e23 and a day to come; a NUL is removed', async () => {
    const run = await importFiles([['verra-checked.csv', transactions(checked)]])
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')
    expect(run.skipped_rows).toEqual([
      { row: 4, file: 'verra-checked.csv', reason: expect.stringMatching(/^serial numbers 9100000350 to 9100000409 overlap the block on row 1 \(90001-9100000001-9100000425-VCS-VCU-/) },
      { row: 5, file: 'verra-checked.csv', reason: '1,000,000,000 credits on serial numbers 9100002001 to 9100002002, which number 2' },
      { row: 6, file: 'verra-checked.csv', reason: '100,000,000,000,000,000,000,000 credits, more than the 1,000,000,000 one record may hold' },
      { row: 7, file: 'verra-checked.csv', reason: 'dated 9999-12-31, a day that has not come' },
    ])
    // Issuances 90001 (two blocks), 90002 and 90006, and the three blocks retired.
    expect(run.counts).toMatchObject({ created: 6, updated: 0, unchanged: 0, skipped: 4 })
    expect(await credits('registry=VCS&kind=issuance&per_page=1')).toMatchObject({ total: 3, sum_quantity: 425 + 75 + 100 + 20 })
    expect(await credits('registry=VCS&kind=retirement_or_cancellation&per_page=1')).toMatchObject({ total: 3, sum_quantity: 425 + 100 + 20 })

    // Dated by its newest counted record, never by the 9999 one.
    expect(run.as_of).toBe('2026-03-13T00:00:00.000Z')
    expect(Date.parse(run.as_of!)).toBeLessThanOrEqual(Date.now())
    const project = projectDetail.parse((await call(server.url, '/api/projects/VCS1340')).body)
    expect(Date.parse(project.freshness.updated_at!)).toBeLessThanOrEqual(Date.now())

    // The note is kept, without its NUL.
    const found = await credits('beneficiary=zyx nul holdings')
    expect(found.total).toBe(1)
    expect(found.data[0]).toMatchObject({ quantity: 20, beneficiary_raw: { 'Retirement Details': 'Retired on behalf of Zyx Nul Holdings' } })
  }, 150_000)

  it('counts the same records again as unchanged, not as overlaps of themselves', async () => {
    const run = await importFiles([['verra-checked.csv', transactions(checked)]])
    expect(run.error).toBeNull()
    expect(run.counts).toMatchObject({ created: 0, updated: 0, unchanged: 6, skipped: 4 })
  }, 120_000)

  it('skips a block overlapping one an earlier run stored, naming that block and where it came from', async () => {
    const before = await credits('registry=VCS&kind=retirement_or_cancellation&per_page=1')
    // Issuance 90002's block again, its serial numbers moved by half: units 1050 to 1100 are retired already.
    const moved = transactions([{ batch: 90002, first: '9100001050', last: '9100001149', quantity: '100', retired: '2026-03-14' }])
    const run = await importFiles([['verra-moved.csv', moved]])
    expect(run.error).toBeNull()
    expect(run.skipped_rows).toEqual([
      {
        row: 1,
        file: 'verra-moved.csv',
        reason: expect.stringMatching(
          /^serial numbers 9100001050 to 9100001149 overlap the block 90002-9100001001-9100001100-VCS-VCU-.* stored from verra-checked\.csv \(row 3\), counted already$/,
        ),
      },
    ])
    expect(await credits('registry=VCS&kind=retirement_or_cancellation&per_page=1')).toMatchObject({ total: before.total, sum_quantity: before.sum_quantity })
  }, 120_000)

  it("skips a block of one file overlapping another file's in the same run, naming the file and row", async () => {
    const first = transactions([{ batch: 90010, first: '9200000001', last: '9200000100', quantity: '100', retired: '2026-03-15' }])
    const second = transactions([
      { batch: 90011, first: '9200000201', last: '9200000300', quantity: '100', retired: '2026-03-15' },
      { batch: 90011, first: '9200000050', last: '9200000149', quantity: '100', retired: '2026-03-15' },
    ])
    const run = await importFiles([['first.csv', first], ['second.csv', second]])
    expect(run.error).toBeNull()
    expect(run.skipped_rows).toEqual([
      { row: 2, file: 'second.csv', reason: expect.stringMatching(/^serial numbers 9200000050 to 9200000149 overlap the block 90010-9200000001-9200000100-.* on row 1 of first\.csv, counted already$/) },
    ])
    expect(await credits('registry=VCS&kind=retirement_or_cancellation&from=2026-03-15&to=2026-03-15&per_page=1')).toMatchObject({ total: 2, sum_quantity: 200 })
  }, 120_000)

  it('imports a record whose beneficiary runs to a million characters, within the cell limit: it names no one, and says why', async () => {
    const company = `Longname ${'Holdings '.repeat(110_000)}Ltd`
    expect(company.length).toBeGreaterThan(990_000)
    const run = await importFiles([['verra-long-name.csv', transactions([{ batch: 90020, first: '9300000001', last: '9300000010', quantity: '10', retired: '2026-03-16', beneficiary: company }])]])
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')
    expect(run.counts).toMatchObject({ created: 2, skipped: 0 })
    const [record] = (await credits('registry=VCS&kind=retirement_or_cancellation&from=2026-03-16&to=2026-03-16&per_page=1')).data
    expect(record).toMatchObject({ quantity: 10, beneficiary: null })
    expect(record.beneficiary_why).toMatch(/^Retirement Beneficiary names no one: "Longname Holdings .*…" \(990,012 characters\) is longer than any name$/)
    expect(record.beneficiary_raw['Retirement Beneficiary']).toHaveLength(company.length)
    // A search reads a field's first 4,000 characters: its beginning is found, its end, a million characters on, is not.
    const searched = (words: string) => credits(`beneficiary=${encodeURIComponent(words)}&from=2026-03-16&to=2026-03-16&per_page=1`)
    expect((await searched('longname holdings')).total).toBe(1)
    expect((await searched('holdings ltd')).total).toBe(0)
  }, 120_000)
})

// On an embedded store it opens itself (`memory://`), whichever pass runs it: the PostgreSQL pass would only run it
// again as it is, 10 s of its time.
describe.skipIf(!haveData || Boolean(process.env.CREDENCE_TEST_POSTGRES_URL))('blocks of records stored before blocks were kept (migration 020)', () => {
  it("are read from their serials as an import reads them, for every registry's sample export", async () => {
    const database = await connectDatabase({ dataDir: 'memory://' })
    try {
      await migrate(database.db, '019-run-counts')
      const connectors: Record<string, string> = { verra: 'verra', 'gold-standard': 'gold-standard', 'american-carbon-registry': 'acr', 'climate-action-reserve': 'car', 'art-trees': 'art-trees', cercarbono: 'cercarbono' }
      const reads = Object.entries(connectors).flatMap(([folder, connector]) =>
        readdirSync(resolve(registries, folder)).map((name) =>
          readRegistryFile(readFileSync(resolve(registries, folder, name)), name, sourceFor(connector)!.registry!, { maxRows: 10_000, maxCellChars: 100_000 }).then(
            (file) => file.records,
            () => [],
          ),
        ),
      )
      // A record two files give (Cercarbono's issuances, in its issuances file and in its projects' serials) is one.
      const records = [...new Map((await Promise.all(reads)).flat().map((record) => [record.id, record])).values()]
      // A Gold Standard serial of the older, spelled-out kind, and numbers too long to be a count.
      const more = [
        { id: 'GS:issuance:old', registry: 'GS', kind: 'issuance', serial: 'RW-5-1000-2-2-0-7014 - RW-5-1999-2-2-0-7014' },
        { id: 'VCS:retirement_or_cancellation:long', registry: 'VCS', kind: 'retirement_or_cancellation', serial: '1-1-99999999999999999999999-VCS' },
      ]
      const stored = [...records.map(({ id, registry, kind, serial }) => ({ id, registry, kind, serial })), ...more]
      for (const record of stored) {
        await sql`insert into live.credits (id, registry, project_key, kind, quantity, serial, search_id, fingerprint, source_id, file_name, row_number, run_id)
          values (${record.id}, ${record.registry}, 'X1', ${record.kind}, 1, ${record.serial}, 0, 'f', 'src_verra', 'x.csv', 1, 'run_1')`.execute(database.db)
      }
      await migrate(database.db)
      const blocks = await sql<{ credit_id: string; scope: string; first_unit: string; last_unit: string }>`select * from live.credit_blocks`.execute(database.db)
      const byId = (a: { credit_id: string }, b: { credit_id: string }) => (a.credit_id < b.credit_id ? -1 : 1)
      const read = stored.flatMap((record) => {
        const range = serialRangeOf(record.registry, record.serial)
        return range && Number.isSafeInteger(range.last) ? [{ credit_id: record.id, scope: range.scope, first_unit: range.first, last_unit: range.last }] : []
      })
      expect(read.length).toBeGreaterThan(500)
      const migrated = blocks.rows.map((b) => ({ credit_id: b.credit_id, scope: b.scope, first_unit: Number(b.first_unit), last_unit: Number(b.last_unit) }))
      expect(migrated.sort(byId)).toEqual(read.sort(byId))
    } finally {
      await database.close()
    }
  }, 60_000)
})
