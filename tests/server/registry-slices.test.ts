import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage } from '../../src/api/contract/credits'
import { csvSlices } from '../../src/server/importers/csv-slices'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, callWhenStoreFree } from '../support/http'
import { runToEnd, uploadFile } from '../support/source-runs'
import { recordsIn, transactionRow, transactionsHeader, writeTransactions } from '../support/verra-transactions'

/** Slices of 4 KiB: a file of a hundred rows is read in several. */
const sliceKib = 4
let sliced: ApiServer
/** Slices of the default size (1 MiB): every file here but the million rows is read whole, as before slices. */
let whole: ApiServer

beforeAll(async () => {
  ;[sliced, whole] = await Promise.all([
    startApiServer({ env: { CREDENCE_RUN_STEP_MS: '0', CREDENCE_IMPORT_SLICE_KIB: String(sliceKib), CREDENCE_IMPORT_MAX_ROWS: '200' } }),
    // A million records through the store: compiled as deployed, or the import takes a fifth longer.
    startApiServer({ env: { CREDENCE_RUN_STEP_MS: '0' }, optimisingTier: true }),
  ])
}, 180_000)
afterAll(async () => {
  await Promise.all([sliced?.stop(), whole?.stop()])
  // A million records take a gigabyte and a half on disk: no store of this suite outlives it.
  for (const server of [sliced, whole]) if (server) rmSync(server.dataDir, { recursive: true, force: true })
})

const header =
  'Issuance Date,Sustainable Development Goals,Vintage Start,Vintage End,ID,Name,Country/Area,Project Type,Methodology,Total Vintage Quantity,Quantity Issued,Serial Number,Additional Certifications,Retirement/Cancellation Date,Retirement Beneficiary,Retirement Reason,Retirement Details'

interface Block {
  issuance: number
  project: string
  first: number
  quantity: number
  retired: boolean
}
const serialOf = (b: Block) => `${b.issuance}-${b.first}-${b.first + b.quantity - 1}-VCS-VCU-1-VER-BR-14-${b.project}-01012020-31122020-0`
/** A row as Verra writes it; a retired block's details hold a comma, a quote and a line break, quoted. */
const rowOf = (b: Block) =>
  [
    '2021-03-01',
    '',
    '2020-01-01',
    '2020-12-31',
    b.project,
    `Project ${b.project}`,
    'Brazil',
    'Agriculture Forestry and Other Land Use',
    'VM0015',
    '"1,000,000"',
    b.quantity,
    serialOf(b),
    '',
    b.retired ? '2022-05-02' : '',
    b.retired ? `Acme ${b.issuance}` : '',
    b.retired ? 'Environmental Benefit' : '',
    b.retired ? `"Retired for Acme, Inc.\r\nin full, ""as agreed"""` : '',
  ].join(',')

const credits = async (server: ApiServer, query: string) => creditPage.parse((await call(server.url, `/api/credits?${query}`)).body)

describe('a registry CSV larger than a slice, read in slices', () => {
  // Twelve issuances of ten blocks each (rows 1 to 120), two blocks in three retired; then a block copying row 2's
  // units, a row with no project, and two blocks of which the second repeats the first's units.
  const blocks: Block[] = []
  let unit = 1_000
  for (let g = 1; g <= 12; g++) {
    for (let b = 0; b < 10; b++) {
      blocks.push({ issuance: 1000 + g, project: String(900 + g), first: unit, quantity: 10 + b, retired: b % 3 !== 2 })
      unit += 10 + b
    }
  }
  const copied = { issuance: 2000, project: '950', first: blocks[1].first, quantity: blocks[1].quantity, retired: true }
  const twice = { issuance: 2001, project: '951', first: unit, quantity: 7, retired: true }
  blocks.push(copied, { ...copied, issuance: 2003, project: 'abc', first: unit + 100 }, twice, { ...twice, issuance: 2002, project: '952' })
  const rows = blocks.map(rowOf)
  // A byte order mark, CRLF, and blank lines, which are not rows: the row numbers count data rows only.
  const bytes = new TextEncoder().encode(`\uFEFF${header}\r\n${rows.map((row, i) => (i % 25 === 24 ? `${row}\r\n\r\n` : `${row}\r\n`)).join('')}`)
  const sliceOf = (row: number) => [...csvSlices(bytes, sliceKib * 1024)].findIndex((s) => row >= s.firstRow && row < s.firstRow + s.rows)

  it('reads every row once, whatever slice it falls in, and sums an issuance cut by a slice as one record', async () => {
    // The file is what the test says it is: in several slices, some issuance's blocks in two, the copied block and row 2 apart.
    expect(sliceOf(124)).toBeGreaterThanOrEqual(3)
    expect(blocks.slice(0, 120).some((_, i) => sliceOf(i + 1) !== sliceOf(i - (i % 10) + 1))).toBe(true)
    expect(sliceOf(121)).not.toBe(sliceOf(2))
    expect(sliceOf(123)).toBe(sliceOf(124))

    const run = await runToEnd(sliced.url, { source: 'src_verra', file_id: await uploadFile(sliced.url, 'transactions.csv', bytes) })
    expect(run.error).toBeNull()
    // 14 issuances (12, the copied block's, the first of the pair's) and 85 retired blocks (7 of each ten, and the pair's first).
    expect(run.counts_by_kind?.records).toEqual({ created: 99, updated: 0, unchanged: 0 })
    // Of the 124 rows, 108 blocks were added to the issuance an earlier block began, in this slice or another, and 86
    // retired credits of their block besides (84 of the twelve issuances', the copied block's and the pair's first):
    // 99 records + 108 joined + 3 skipped - 86 paired = 124 rows.
    expect(run.counts_by_kind?.read).toEqual({ rows: 124, joined_rows: 108, paired_rows: 86, paired_because: ["of retirements and cancellations written on their block's row"], repeated_records: 0, outside_run: 0 })
    expect([...run.skipped_rows].sort((a, b) => a.row - b.row)).toEqual([
      // Across slices, as across files: the block counted first names its row and file.
      { row: 121, file: 'transactions.csv', reason: `serial numbers ${copied.first} to ${copied.first + copied.quantity - 1} overlap the block ${serialOf(blocks[1])} on row 2 of transactions.csv, counted already` },
      { row: 122, file: 'transactions.csv', reason: 'no Verra project ID ("abc")' },
      // Within a slice, as within a file read whole, rows numbered as the file numbers them.
      { row: 124, file: 'transactions.csv', reason: `serial numbers ${twice.first} to ${twice.first + twice.quantity - 1} overlap the block on row 123 (${serialOf(twice)}), counted already` },
    ])
    for (let g = 1; g <= 12; g++) {
      const issued = await credits(sliced, `project=VCS${900 + g}&kind=issuance`)
      expect(issued.data.map((r) => [r.quantity, r.source.row])).toEqual([[blocks.slice((g - 1) * 10, g * 10).reduce((sum, b) => sum + b.quantity, 0), (g - 1) * 10 + 1]])
    }
    const retired = await credits(sliced, 'project=VCS912&kind=retirement_or_cancellation')
    expect(retired.data.map((r) => r.source.row).sort((a, b) => a - b)).toEqual([111, 112, 114, 115, 117, 118, 120])
    expect(retired.data[0].beneficiary_raw['Retirement Details']).toBe('Retired for Acme, Inc.\nin full, "as agreed"')
    // The copied block's retirement is skipped, its issuance counted: what a later slice's block overlapping an
    // earlier one does, as a later file's does.
    expect((await credits(sliced, 'project=VCS950')).data.map((r) => [r.kind, r.quantity])).toEqual([['issuance', copied.quantity]])
  }, 120_000)

  it('fails a file that is not a registry export, mostly unreadable or not UTF-8, as when it is read whole, and changes nothing', async () => {
    const before = (await credits(sliced, 'registry=VCS&per_page=1')).total
    const goldStandard = `GSID,Vintage,Credit Status,Quantity,Serial Number,Issuance Date\n${'1,2020,Issued,5,GS1-1-KE-GS1-1-2020-1-1-5,2021-01-01\n'.repeat(180)}`
    const unreadable = `${header}\n${blocks.slice(0, 120).map((block) => rowOf({ ...block, project: 'none' })).join('\n')}`
    // Saved as Latin-1, not UTF-8, which shows only in its last row: read whole, that is what it is refused for.
    const latin1 = Uint8Array.from(`${goldStandard}1,2020,Issued,5,GS1-1-CI-Côte-1-2020-1-1-5,2021-01-01\n`, (c) => c.charCodeAt(0))
    for (const [name, file] of [
      ['issuances.csv', new TextEncoder().encode(goldStandard)],
      ['transactions.csv', new TextEncoder().encode(unreadable)],
      ['issuances.csv', latin1],
    ] as const) {
      expect(file.length).toBeGreaterThan(2 * sliceKib * 1024)
      const [inSlices, read] = await Promise.all([sliced, whole].map(async (server) => runToEnd(server.url, { source: 'src_verra', file_id: await uploadFile(server.url, name, file) })))
      expect(inSlices.state).toBe('failed')
      expect(inSlices.error).toEqual(read.error)
      expect(inSlices.error?.code).toBe('file_not_registry_export')
    }
    expect((await credits(sliced, 'registry=VCS&per_page=1')).total).toBe(before)
  }, 120_000)

  it('refuses a file past the row limit, which is the whole file\'s, not a slice\'s', async () => {
    let unit = 1
    const text = `${transactionsHeader}\n${Array.from({ length: 201 }, (_, i) => {
      const { line, quantity } = transactionRow(i, unit)
      unit += quantity
      return line
    }).join('')}`
    const run = await runToEnd(sliced.url, { source: 'src_verra', file_id: await uploadFile(sliced.url, 'transactions.csv', new TextEncoder().encode(text)) })
    expect(run.error).toEqual({
      code: 'file_too_large',
      message: 'transactions.csv: transactions.csv declares 201 rows, more than the 200 an import may hold (CREDENCE_IMPORT_MAX_ROWS).',
    })
  }, 60_000)
})

describe('a single registry file of a million rows', () => {
  it('imports in one run: 1,000,000 records created, every issuance summed over its blocks across slices', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'credence-million-rows-'))
    try {
      const path = join(folder, 'transactions.csv')
      const rows = 1_000_000
      await writeTransactions(path, rows)
      const bytes = readFileSync(path)
      // Within the 64 MiB an upload may hold.
      expect(bytes.length).toBeLessThan(60 * 1024 * 1024)
      const fileId = await uploadFile(whole.url, 'transactions.csv', bytes)
      const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${whole.process.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
      let peakRssMb = rssMb()
      const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb())), 100)
      const started = performance.now()
      const run = await runToEnd(whole.url, { source: 'src_verra', file_id: fileId }, 400_000).finally(() => clearInterval(sampler))
      console.info(`a million rows imported in ${Math.round((performance.now() - started) / 100) / 10} s, the API's RSS at most ${Math.round(peakRssMb)} MB`)
      expect(run.error).toBeNull()
      expect(run.counts_by_kind?.records).toEqual({ created: recordsIn(rows), updated: 0, unchanged: 0 })
      expect(recordsIn(rows)).toBe(1_000_000)
      expect(run.counts_by_kind?.read?.rows).toBe(rows)
      expect(run.skipped_rows).toEqual([])
      // Every row's credits in its issuance, once: none lost where a slice parted an issuance's blocks.
      let issued = 0
      for (let i = 0, unit = 1; i < rows; i++) {
        const { quantity } = transactionRow(i, unit)
        unit += quantity
        issued += quantity
      }
      const read = await callWhenStoreFree<{ periods: { issued: number }[] }>(whole.url, '/api/credits/totals?registry=VCS&kind=issuance&interval=year')
      expect(read.status, read.text).toBe(200)
      expect(read.body.periods.reduce((sum, p) => sum + p.issued, 0)).toBe(issued)
      // Two workers' slices and the records taken so far (1.26 to 1.37 GB measured); read whole, the file needed
      // more than a worker's 1,024 MiB heap, and the API passed 1.8 GB before that failed.
      expect(peakRssMb).toBeLessThan(1600)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  }, 600_000)
})
