import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import * as XLSX from '@e965/xlsx'
import Papa from 'papaparse'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage, creditTotals } from '../../src/api/contract/credits'
import { listingVocabulary } from '../../src/server/importers/vocabulary/listing-vocabulary'
import { projectDetail } from '../../src/api/contract/projects'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { sourceList, sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { transactionRow, transactionsHeader } from '../support/verra-transactions'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

const registries = resolve('../shared/data/registries')
const haveData = existsSync(registries) && existsSync(berkeleyFile)
const exportFile = (path: string) => readFileSync(resolve(registries, path))

/** A raw export's rows as objects by header, read here the plain way, to check the server's figures against. */
const rawRows = (path: string): Record<string, string>[] => Papa.parse<Record<string, string>>(exportFile(path).toString('utf8'), { header: true, delimiter: ',', skipEmptyLines: true }).data
const quantity = (text: string) => Number(text.replace(/,/g, ''))
const sum = (rows: Record<string, string>[], column: string) => rows.reduce((total, row) => total + quantity(row[column]), 0)

let server: ApiServer
afterAll(async () => {
  await server?.stop()
})

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const response = await fetch(`${server.url}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function importFile(source: string, name: string, bytes: Uint8Array): Promise<SourceRun> {
  return runToEnd({ source, file_id: await upload(name, bytes) })
}

async function runToEnd(request: object): Promise<SourceRun> {
  const started = await call(server.url, '/api/source-runs', { json: request })
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

/** The same rows written again as another tool would: columns reordered, CRLF line ends, a byte order mark. */
function resaved(path: string): Uint8Array {
  const rows = rawRows(path)
  const columns = Object.keys(rows[0]).reverse()
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  const text = [columns.map(quote).join(','), ...rows.map((r) => columns.map((c) => quote(r[c])).join(','))].join('\r\n')
  return new TextEncoder().encode(`\uFEFF${text}\r\n`)
}

/** The rows saved as a workbook, every cell as the text the CSV holds. */
function asWorkbook(path: string): Uint8Array {
  const rows = rawRows(path)
  const sheet = XLSX.utils.json_to_sheet(rows, { header: Object.keys(rows[0]) })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Export')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array
}

describe.skipIf(!haveData)("a run of Verra's sample export, both its files at once, on top of Berkeley's file", () => {
  const names = ['projects.csv', 'transactions.csv']
  const importSample = async () => {
    const fileIds = []
    for (const name of names) fileIds.push(await upload(name, exportFile(`verra/${name}`)))
    return runToEnd({ source: 'src_verra', file_ids: fileIds })
  }
  beforeAll(async () => {
    // A catalogue of its own: no export of Verra's was imported into it before.
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: seededFromBerkeley,
    })
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('says what it changed, kind by kind: 50 projects and 215 records created, no row skipped; its files and its date', async () => {
    const listings = rawRows('verra/projects.csv')
    const rows = rawRows('verra/transactions.csv')
    // Verra listed these after Berkeley's release: none is a project yet.
    for (const listing of listings) expect((await call(server.url, `/api/projects/VCS${listing.ID}`)).status, listing.ID).toBe(404)
    // An issuance is one record per block issued together (the serial number's first part), its quantity summed over
    // the rows that name it; each row retiring or cancelling part of it is a record of its own.
    const issuances = new Set(rows.map((r) => r['Serial Number'].split('-')[0])).size
    const closed = rows.filter((r) => r['Retirement/Cancellation Date'] !== '')
    expect([rows.length, listings.length, issuances, closed.length]).toEqual([200, 50, 115, 100])

    const run = await importSample()
    expect(run.error).toBeNull()
    expect(run.counts_by_kind).toMatchObject({
      projects: { created: 50, updated: 0, unchanged: 0 },
      records: { created: 215, updated: 0, unchanged: 0 },
      skipped: { rows: 0, projects: 0 },
      // The files' 250 rows: 50 listings, and 200 blocks, of which 85 were added to the issuance an earlier block began
      // and 100 retired or cancelled credits of their block besides, a record of their own.
      read: {
        rows: listings.length + rows.length,
        joined_rows: rows.length - issuances,
        paired_rows: closed.length,
        paired_because: ["of retirements and cancellations written on their block's row"],
        repeated_records: 0,
        outside_run: 0,
      },
    })
    // The counts reconcile with the files' rows: 50 + 215 + 85 - 100 = 250.
    const read = run.counts_by_kind!.read!
    expect(run.counts_by_kind!.projects!.created + run.counts_by_kind!.records!.created + read.joined_rows - read.paired_rows!).toBe(read.rows)
    // The totals stay for the clients that read them: the kinds' sums, named by nothing.
    expect(run.counts).toEqual({ created: 265, updated: 0, unchanged: 0, skipped: 0 })
    expect(run.progress).toEqual({ processed: 265, total: 265, of: ['projects', 'records'] })
    // Its files as they were uploaded, with their sizes, and the date of its data: the export's newest record.
    expect(run.files.map(({ name, bytes }) => ({ name, bytes }))).toEqual(names.map((name) => ({ name, bytes: exportFile(`verra/${name}`).byteLength })))
    const newest = closed.map((r) => r['Retirement/Cancellation Date']).sort().at(-1)!
    expect(run.as_of).toBe(`${newest}T00:00:00.000Z`)
    expect(run.as_of_basis).toBe('contents')
    expect((await call(server.url, `/api/projects/VCS${listings[0].ID}`)).status).toBe(200)
  }, 120_000)

  it('counts every project and record unchanged when the same files come again', async () => {
    const run = await importSample()
    expect(run.error).toBeNull()
    expect(run.counts_by_kind).toMatchObject({
      projects: { created: 0, updated: 0, unchanged: 50 },
      records: { created: 0, updated: 0, unchanged: 215 },
      skipped: { rows: 0, projects: 0 },
    })
    expect(run.counts).toEqual({ created: 0, updated: 0, unchanged: 265, skipped: 0 })
  }, 120_000)

  it('counts a record given by two files of one run once, and says how many were given again', async () => {
    const fileIds = [await upload('transactions.csv', exportFile('verra/transactions.csv')), await upload('transactions-again.csv', exportFile('verra/transactions.csv'))]
    const run = await runToEnd({ source: 'src_verra', file_ids: fileIds })
    expect(run.error).toBeNull()
    expect(run.counts_by_kind).toMatchObject({ records: { created: 0, updated: 0, unchanged: 215 }, read: { rows: 400, joined_rows: 170, paired_rows: 200, repeated_records: 215, outside_run: 0 } })
  }, 120_000)
})

describe.skipIf(!haveData)("registries' exports imported to the credit, on top of Berkeley's file", () => {
  beforeAll(async () => {
    // A row limit the test can pass with a small file; every sample export is far below it.
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: { ...seededFromBerkeley, CREDENCE_IMPORT_MAX_ROWS: '50000' },
    })
  }, 300_000)

  it('lists the registries whose exports it reads as connected sources that import files; Puro stays not connected', async () => {
    const sources = sourceList.parse((await call(server.url, '/api/sources')).body).data
    const byId = new Map(sources.map((s) => [s.id, s]))
    expect(byId.get('src_verra')).toMatchObject({ connected: true, accepts_files: true })
    expect(byId.get('src_gold_standard')).toMatchObject({ connected: true, accepts_files: true })
    for (const id of ['src_acr', 'src_car', 'src_art', 'src_isometric', 'src_cercarbono']) expect(byId.get(id)).toMatchObject({ connected: true, accepts_files: true })
    expect(byId.get('src_puro')).toMatchObject({ connected: false })
  })

  it("refuses a registry run with no file, saying the registry's data comes as export files", async () => {
    const answer = await call(server.url, '/api/source-runs', { json: { source: 'src_verra' } })
    expect(answer.status).toBe(422)
    expect(JSON.stringify(answer.body)).toMatch(/export files/)
  })

  it("imports Verra's transactions: an issuance per issuance, a retired-or-cancelled record per block, with who it was for", async () => {
    const rows = rawRows('verra/transactions.csv')
    // Viewed before the import: its figures are kept for that version of the data, and must not outlive it.
    const before = projectDetail.parse((await call(server.url, `/api/projects/VCS${rows[0].ID}`)).body)
    expect(before.credit_figures.issued.since).toEqual([])
    const run = await importFile('src_verra', 'transactions.csv', exportFile('verra/transactions.csv'))
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')
    const closed = rows.filter((r) => r['Retirement/Cancellation Date'] !== '')
    const batches = new Set(rows.map((r) => r['Serial Number'].split('-')[0]))
    expect(run.counts).toMatchObject({ created: batches.size + closed.length, updated: 0, skipped: 0 })
    // Dated by the export's newest record, not by the import.
    const newest = closed.map((r) => r['Retirement/Cancellation Date']).sort().at(-1)!
    expect(run.as_of).toBe(`${newest}T00:00:00.000Z`)

    const retired = await credits('registry=VCS&kind=retirement_or_cancellation&per_page=1')
    expect(retired.total).toBe(closed.length)
    expect(retired.sum_quantity).toBe(sum(closed, 'Quantity Issued'))
    const issued = await credits('registry=VCS&kind=issuance&per_page=1')
    expect(issued.total).toBe(batches.size)
    expect(issued.sum_quantity).toBe(sum(rows, 'Quantity Issued'))
    // Both kinds at once: each kind's credits apart, as the file has them, not one sum of issued and retired.
    const both = await credits('registry=VCS&per_page=1')
    expect(both.sum_by_kind).toEqual({ issuance: sum(rows, 'Quantity Issued'), retirement: 0, cancellation: 0, retirement_or_cancellation: sum(closed, 'Quantity Issued') })
    // Read whole on its first page, a narrow filter is counted from the page itself: the same sums.
    const coca = await credits('registry=VCS&beneficiary=coca-cola&per_page=500')
    expect(coca.sum_by_kind).toMatchObject({ issuance: 0, retirement_or_cancellation: coca.sum_quantity })

    // Per month, by kind, for charts: the same sums, dated.
    const totals = (await call(server.url, '/api/credits/totals?registry=VCS')).body as { periods: { period: string; issued: number; retired_or_cancelled: number }[] }
    expect(totals.periods.reduce((total, p) => total + p.retired_or_cancelled, 0)).toBe(sum(closed, 'Quantity Issued'))
    expect(totals.periods.map((p) => p.period)).toEqual([...new Set(totals.periods.map((p) => p.period))].sort())
    const byYear = (await call(server.url, '/api/credits/totals?registry=VCS&interval=year&kind=issuance')).body as { periods: { period: string; issued: number }[] }
    expect(byYear.periods.every((p) => /^\d{4}$/.test(p.period))).toBe(true)
    expect(byYear.periods.reduce((total, p) => total + p.issued, 0)).toBe(sum(rows, 'Quantity Issued'))

    // Per beneficiary, case-insensitively, as a person types it.
    const cocaCola = closed.filter((r) => r['Retirement Beneficiary'] === 'Coca-Cola')
    expect(cocaCola.length).toBeGreaterThan(0)
    const found = await credits('beneficiary=coca-cola')
    expect(found.total).toBe(cocaCola.length)
    expect(found.sum_quantity).toBe(sum(cocaCola, 'Quantity Issued'))
    expect(found.data[0]).toMatchObject({ beneficiary: 'Coca-Cola', kind: 'retirement_or_cancellation', source: { id: 'src_verra', file: 'transactions.csv' } })
    // The top retirers under a filter: largest first, each with its records and projects.
    const top = (await call(server.url, '/api/credits/beneficiaries?registry=VCS&limit=100')).body as { data: { name: string; quantity: number; records: number; projects: number }[] }
    expect(top.data.map((b) => b.quantity)).toEqual([...top.data.map((b) => b.quantity)].sort((a, b) => b - a))
    expect(top.data.find((b) => b.name === 'Coca-Cola')).toEqual({
      name: 'Coca-Cola',
      quantity: sum(cocaCola, 'Quantity Issued'),
      records: cocaCola.length,
      projects: new Set(cocaCola.map((r) => r.ID)).size,
    })
    expect((await call(server.url, '/api/credits/beneficiaries?limit=0')).status).toBe(400)
    // The harmonised name is read out of a sentence; the sentence stays in the raw fields.
    const imf = await credits('beneficiary=monetary fund')
    expect(imf.data[0].beneficiary).toBe('International Monetary Fund')
    expect(imf.data[0].beneficiary_raw['Retirement Beneficiary']).toMatch(/^Credits retired on behalf of/)

    // Per project: its records, and the project's freshness now the export's date.
    const project = rows[0]
    const perProject = rows.filter((r) => r.ID === project.ID)
    expect((await credits(`project=VCS${project.ID}&kind=issuance`)).sum_quantity).toBe(sum(perProject, 'Quantity Issued'))
    const detail = await call(server.url, `/api/projects/VCS${project.ID}`)
    expect(detail.status).toBe(200)
    const shown = projectDetail.parse(detail.body)
    expect(shown.freshness.updated_at).toBe(`${newest}T00:00:00.000Z`)

    // Its figures: Berkeley's count as of Dec 31, 2025 plus what Verra recorded after it, never a record twice. A block
    // whose issuance, the row says, came to the vintage's issued as Berkeley counts it (`Total Vintage Quantity`) is
    // of an issuance Berkeley holds, whatever its day: its retirement is new, its issuance is not. The first row's
    // project is one: VCS1340's 425 credits of 2020, dated Apr 3, 2026, of an issuance of 1,454,054, Berkeley's 2020.
    const after = (day: string) => day > '2025-12-31'
    const countedOf = (r: Record<string, string>) => shown.credit_history.years.find((y) => y.year === Number(r['Vintage Start'].slice(0, 4)))?.issued_by_vintage
    const heldByBerkeley = (r: Record<string, string>) => countedOf(r) === Number(r['Total Vintage Quantity'].replace(/,/g, ''))
    const issuedAfter = (r: Record<string, string>) => after(r['Issuance Date']) && !heldByBerkeley(r)
    const issuedSince = sum(perProject.filter(issuedAfter), 'Quantity Issued')
    const closedSince = sum(perProject.filter((r) => r['Retirement/Cancellation Date'] !== '' && after(r['Retirement/Cancellation Date'])), 'Quantity Issued')
    const figures = shown.credit_figures
    expect([project.ID, issuedSince, closedSince, perProject.filter(heldByBerkeley).length]).toEqual(['1340', 0, 425, 1])
    expect(figures.issued.counted).toMatchObject({ source: 'src_vrod', as_of: '2025-12-31T00:00:00.000Z' })
    expect(figures.issued.value).toBe(figures.issued.counted!.value + issuedSince)
    expect(figures.remaining.value).toBe(figures.remaining.counted!.value + issuedSince - closedSince)
    // By the year of their day, as the page's chart adds them to Berkeley's years: each year as the file dates it.
    const yearOf = (day: string) => Number(day.slice(0, 4))
    const years = [...new Set(perProject.flatMap((r) => [r['Issuance Date'], r['Retirement/Cancellation Date']]).filter((day) => day !== '' && after(day)).map(yearOf))].sort()
    expect(figures.later_by_year).toEqual(
      years.map((year) => ({
        year,
        issued: sum(perProject.filter((r) => issuedAfter(r) && yearOf(r['Issuance Date']) === year), 'Quantity Issued'),
        retired: sum(perProject.filter((r) => r['Retirement/Cancellation Date'] !== '' && after(r['Retirement/Cancellation Date']) && yearOf(r['Retirement/Cancellation Date']) === year), 'Quantity Issued'),
      })),
    )
    // The project's credits, on its page, in the browser and for the shortlist, are the combined figures.
    expect(shown.credits).toMatchObject({ issued: figures.issued.value, remaining: figures.remaining.value })
    const listed = (await call(server.url, `/api/projects?q=VCS${project.ID}&per_page=5`)).body as { data: { key: string; credits: { issued: number; remaining: number } }[] }
    expect(listed.data.find((p) => p.key === `VCS${project.ID}`)?.credits).toMatchObject({ issued: figures.issued.value, remaining: figures.remaining.value })
    expect(figures.issued.text).toMatch(
      /^[\d,]+ issued per Berkeley as of Dec 31, 2025; Verra Registry's export dates 425 of them after it \(1 record, through Apr 3, 2026\), blocks of an issuance Berkeley counts: not added again$/,
    )
    expect(figures.retired.text).toMatch(/^[\d,]+ retired or cancelled per Berkeley as of Dec 31, 2025, \+ 425 since per Verra Registry's export \(1 record, through Apr 10, 2026\)$/)
    expect(figures.sources.map((s) => [s.source, s.basis])).toEqual([['src_vrod', 'count'], ['src_verra', 'records']])
    expect(figures.sources[1]).toMatchObject({ issued: sum(perProject, 'Quantity Issued'), records: expect.any(Number) })
    // Remaining per vintage: Berkeley's blocks of the vintage plus the records after them.
    const vintage = Number(project['Vintage Start'].slice(0, 4))
    const block = shown.credit_history.years.find((y) => y.year === vintage)
    const row = figures.by_vintage.find((v) => v.vintage === vintage)!
    expect(row.issued).toBe((block?.issued_by_vintage ?? 0) + sum(perProject.filter((r) => issuedAfter(r) && r['Vintage Start'].startsWith(String(vintage))), 'Quantity Issued'))
    expect(row).toMatchObject({ issued: 1_454_054, remaining: block!.remaining_by_vintage - 425 })
    // Its issuance records keep the total each row states, as written: what the rule above read.
    const issuances = (await credits(`project=VCS${project.ID}&kind=issuance&per_page=100`)).data
    const stated = new Set(perProject.map((r) => quantity(r['Total Vintage Quantity'])))
    expect(issuances.length).toBeGreaterThan(0)
    for (const record of issuances) expect(stated, record.id).toContain(record.stated_vintage_total)
    expect(issuances.find((r) => r.date === '2026-04-03')).toMatchObject({ quantity: 425, vintage: 2020, stated_vintage_total: 1_454_054 })
  }, 150_000)

  it('counts nothing twice: the same export again, re-saved with CRLF, a BOM and reordered columns, or as a workbook, changes nothing', async () => {
    const before = await credits('registry=VCS&per_page=1')
    for (const [name, bytes] of [
      ['transactions.csv', exportFile('verra/transactions.csv')],
      ['transactions-resaved.csv', resaved('verra/transactions.csv')],
      ['transactions.xlsx', asWorkbook('verra/transactions.csv')],
    ] as const) {
      const run = await importFile('src_verra', name, bytes)
      expect(run.error).toBeNull()
      expect(run.counts, name).toMatchObject({ created: 0, updated: 0, unchanged: before.total })
    }
    const after = await credits('registry=VCS&per_page=1')
    expect(after).toMatchObject({ total: before.total, sum_quantity: before.sum_quantity })
  }, 240_000)

  it('rewrites a record a newer export words differently, once, and counts it updated', async () => {
    const rows = rawRows('verra/transactions.csv')
    const retired = rows.findIndex((row) => row['Retirement Beneficiary'] && row['Retirement/Cancellation Date'])
    const reworded = rows.map((row, i) => (i === retired ? { ...row, 'Retirement Beneficiary': 'Zyxwv Renamed Holdings' } : row))
    const before = await credits('registry=VCS&per_page=1')
    const run = await importFile('src_verra', 'transactions-newer.csv', new TextEncoder().encode(Papa.unparse(reworded)))
    expect(run.error).toBeNull()
    expect(run.counts).toMatchObject({ created: 0, updated: 1, unchanged: before.total - 1 })
    const found = await credits('beneficiary=zyxwv renamed')
    expect(found.total).toBe(1)
    expect(found.data[0]).toMatchObject({ beneficiary: 'Zyxwv Renamed Holdings', quantity: quantity(rows[retired]['Quantity Issued']) })
    expect(await credits('registry=VCS&per_page=1')).toMatchObject({ total: before.total, sum_quantity: before.sum_quantity })
  }, 120_000)

  it("imports Gold Standard's issuances and retirements; cancelled batches are cancellations; retirements per beneficiary match the file", async () => {
    const issuances = rawRows('gold-standard/issuances.csv')
    const retirements = rawRows('gold-standard/retirements.csv')
    expect((await importFile('src_gold_standard', 'issuances.csv', exportFile('gold-standard/issuances.csv'))).state).toBe('succeeded')
    const run = await importFile('src_gold_standard', 'retirements.csv', exportFile('gold-standard/retirements.csv'))
    expect(run.error).toBeNull()
    expect((await credits('registry=GS&kind=issuance&per_page=1')).sum_quantity).toBe(sum(issuances, 'Quantity'))
    const retired = retirements.filter((r) => r['Credit Status'] === 'Retired')
    const cancelled = retirements.filter((r) => r['Credit Status'] === 'Canceled')
    expect(await credits('registry=GS&kind=retirement&per_page=1')).toMatchObject({ total: retired.length, sum_quantity: sum(retired, 'Quantity') })
    expect((await credits('registry=GS&kind=cancellation&per_page=1')).total).toBe(cancelled.length)
    const hilti = retired.filter((r) => r['Using Entity'] === 'Hilti Corporation')
    expect(await credits('registry=GS&beneficiary=HILTI&per_page=1')).toMatchObject({ total: hilti.length, sum_quantity: sum(hilti, 'Quantity') })
    // "Cancelación voluntaria a favor de ENGIE Energía Chile S.A RUT …" and a blank entity read as one name, its legal form taken off.
    const engie = await credits('registry=GS&beneficiary=engie')
    expect(new Set(engie.data.map((c) => c.beneficiary))).toEqual(new Set(['ENGIE Energía Chile']))
  }, 150_000)

  it.each([
    ['src_acr', 'american-carbon-registry', 'Retired on Behalf of', 'Quantity of Credits', 'Total Credits Issued'],
    ['src_car', 'climate-action-reserve', 'Retirement Reason Details', 'Quantity of Offset Credits', 'Total Offset Credits Issued'],
    ['src_art', 'art-trees', 'Retired on Behalf of', 'Quantity of Credits', 'Credits Verified'],
  ])('imports every file of %s (%s): issuances, retirements and cancellations add up to the files', async (source, folder, _who, quantityColumn, issuedColumn) => {
    const registry = { src_acr: 'ACR', src_car: 'CAR', src_art: 'ART' }[source]!
    // The whole export in one run: its files applied together.
    const kinds = ['issuances', 'retirements', 'cancellations']
    const fileIds = []
    for (const kind of kinds) fileIds.push(await upload(`${kind}.csv`, exportFile(`${folder}/${kind}.csv`)))
    const run = await runToEnd({ source, file_ids: fileIds })
    expect(run.error).toBeNull()
    expect(run.counts.skipped).toBe(0)
    // Every row of the files is a record, or a batch added to the record its issuance began on an earlier row.
    const rowsInFiles = kinds.reduce((total, kind) => total + rawRows(`${folder}/${kind}.csv`).length, 0)
    const read = run.counts_by_kind!.read!
    // A row gives one record, and an issuance's row with credits for the buffer pool (ACR's and the Climate Action
    // Reserve's) a second, of them: those rows are paired.
    // The Reserve's rows give its own pool and, for ARB-eligible forests, the share meant for California's: both are buffer.
    const bufferColumns = (
      { src_acr: ['Credits Issued to Buffer Pool'], src_car: ['Offset Credits Currently in Reserve Buffer Pool', 'Offset Credits Intended for Compliance Buffer Pool'] } as Record<string, string[]>
    )[source] ?? []
    const bufferOfRow = (row: Record<string, string>) => bufferColumns.reduce((total, column) => total + (quantity(row[column] ?? '') || 0), 0)
    const buffered = rawRows(`${folder}/issuances.csv`).filter((row) => bufferOfRow(row) > 0)
    if (bufferColumns.length > 0) expect(buffered.length).toBeGreaterThan(5)
    // Batches of one issuance (its project, vintage and day) share its buffer record, as they share its record.
    const issuancesBuffered = new Set(buffered.map((row) => [row['Project ID'], row.Vintage, row['Date Issued'] ?? row['Date Issued (GMT)']].join('|')))
    expect(read).toMatchObject({ rows: rowsInFiles, paired_rows: issuancesBuffered.size, repeated_records: 0, outside_run: 0 })
    // And says why, as the issuances' format does; a registry whose issuances hold no buffer part says nothing of it.
    expect(read.paired_because).toEqual(issuancesBuffered.size > 0 ? ["of issuances' parts into the buffer pool"] : [])
    expect(run.counts_by_kind!.records!.created + read.joined_rows - read.paired_rows!).toBe(rowsInFiles)
    // The buffer's part is a record of its own, labelled, its credits what the files say went into the pool.
    const pooled = await credits(`registry=${registry}&kind=issuance&label=${encodeURIComponent('Buffer pool')}&per_page=1`)
    const intoPool = buffered.reduce((total, row) => total + bufferOfRow(row), 0)
    expect(pooled.sum_quantity).toBe(intoPool)
    // Credits issued, as the Credits page sums them, are the projects': the pool's are said apart, as a project's
    // figures keep them, and both add up to every issuance record's credits. So per year, for the chart.
    const issuedRecords = await credits(`registry=${registry}&kind=issuance&per_page=1`)
    expect(issuedRecords.sum_into_buffer_pool).toBe(intoPool)
    expect(issuedRecords.sum_by_kind!.issuance).toBe(issuedRecords.sum_quantity! - intoPool)
    const yearly = creditTotals.parse((await call(server.url, `/api/credits/totals?registry=${registry}&interval=year`)).body).periods
    expect(yearly.reduce((total, year) => total + year.into_buffer_pool, 0)).toBe(intoPool)
    expect(yearly.reduce((total, year) => total + year.issued, 0)).toBe(issuedRecords.sum_by_kind!.issuance)
    if (registry === 'ACR') {
      // ACR751's issuance of March 2026 is 220,231 credits, 19,191 of them into the buffer pool: the project is
      // issued the rest (Berkeley's counts leave the buffer's part out too: ACR554's 2025 is its 20,681).
      const [row] = rawRows(`${folder}/issuances.csv`).filter((r) => r['Project ID'] === 'ACR751' && r.Vintage === '2025')
      const detail = projectDetail.parse((await call(server.url, '/api/projects/ACR751')).body)
      const vintage = detail.credit_figures.by_vintage.find((v) => v.vintage === 2025)!
      expect(vintage.issued).toBe(quantity(row['Credits Issued to Project']))
      expect(detail.credit_figures.buffer_issued).toBe(quantity(row['Credits Issued to Buffer Pool']))
      // Read whole on its first page, the project's records are summed from the page itself: the same split.
      const whole = await credits('project=ACR751&kind=issuance&per_page=500')
      const counted = await credits('project=ACR751&kind=issuance&per_page=1')
      expect(whole.has_more).toBe(false)
      expect(whole.sum_into_buffer_pool).toBe(detail.credit_figures.buffer_issued)
      const sums = ({ total, sum_quantity, sum_by_kind, sum_into_buffer_pool }: typeof whole) => ({ total, sum_quantity, sum_by_kind, sum_into_buffer_pool })
      expect(counted.has_more).toBe(true)
      expect(sums(whole)).toEqual(sums(counted))
    }
    if (registry === 'CAR') {
      // CAR1409's issuance of March 2026 is 152,025 credits, 26,738 of them meant for California's buffer pool: the
      // project is issued the rest, as Berkeley counts an ARB forest's issuance.
      const [row] = rawRows(`${folder}/issuances.csv`).filter((r) => r['Project ID'] === 'CAR1409' && r.Vintage === '2025')
      expect(quantity(row['Offset Credits Intended for Compliance Buffer Pool'])).toBe(26_738)
      const detail = projectDetail.parse((await call(server.url, '/api/projects/CAR1409')).body)
      const ownRecords = await credits('project=CAR1409&kind=issuance&vintage=2025&per_page=50')
      expect(ownRecords.sum_by_kind!.issuance).toBe(152_025 - 26_738)
      expect(ownRecords.sum_into_buffer_pool).toBe(26_738)
      expect(detail.credit_figures.buffer_issued).toBeGreaterThanOrEqual(26_738)
    }
    expect(run.files.map((f) => f.name)).toEqual(kinds.map((kind) => `${kind}.csv`))
    expect((await credits(`registry=${registry}&kind=issuance&per_page=1`)).sum_quantity).toBe(sum(rawRows(`${folder}/issuances.csv`), issuedColumn))
    const retired = rawRows(`${folder}/retirements.csv`)
    expect(await credits(`registry=${registry}&kind=retirement&per_page=1`)).toMatchObject({ total: retired.length, sum_quantity: sum(retired, quantityColumn) })
    const cancelled = rawRows(`${folder}/cancellations.csv`)
    expect(await credits(`registry=${registry}&kind=cancellation&per_page=1`)).toMatchObject({ total: cancelled.length, sum_quantity: sum(cancelled, quantityColumn) })
  }, 120_000)

  it("imports Isometric's projects, issuances and retirements in one run: its projects are new, removals, and its credits add up", async () => {
    const projects = rawRows('isometric/projects.csv')
    const alone = await importFile('src_isometric', 'retirements.csv', exportFile('isometric/retirements.csv'))
    expect(alone.state).toBe('failed')
    expect(alone.error?.message).toMatch(/is neither in this run's projects file nor imported before; import the projects file with it/)

    const fileIds = []
    for (const kind of ['projects', 'issuances', 'retirements']) fileIds.push(await upload(`${kind}.csv`, exportFile(`isometric/${kind}.csv`)))
    const run = await runToEnd({ source: 'src_isometric', file_ids: fileIds })
    expect(run.error).toBeNull()
    expect(run.counts.skipped).toBe(0)
    // Its new projects were rated as of its export's date: the open rating's facts are as new as the export.
    const rating = sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.kind === 'rating')!
    expect(Date.parse(run.as_of!)).toBeGreaterThan(Date.parse('2025-12-31T00:00:00Z'))
    expect(rating.last_success_at).toBe(run.as_of)
    // A re-rate brings no newer facts: the rating is still dated by them, not by when the re-rate finished.
    const rerated = await runToEnd({ source: 'src_ratings', project_keys: [`ISO${projects[0].short_code}`] })
    expect(rerated.state).toBe('succeeded')
    const afterRerate = sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.kind === 'rating')!
    expect(afterRerate).toMatchObject({ last_success_at: run.as_of, last_run: { id: rerated.id, state: 'succeeded' } })
    // And so is each signal of the project it rated: "as of" its facts, not the day it ran.
    const reratedProject = projectDetail.parse((await call(server.url, `/api/projects/ISO${projects[0].short_code}`)).body)
    expect(new Set(reratedProject.quality_breakdown.signals.flatMap((signal) => (signal.as_of ? [signal.as_of] : [])))).toEqual(new Set([run.as_of]))
    // A batch with a buffer part gives two records from its row: paired, so the counts add up to the files' rows.
    const withBuffer = rawRows('isometric/issuances.csv').filter((r) => Number(r['buffer_pool_credit_batch_size_total.credits']) > 0)
    expect(withBuffer.length).toBeGreaterThan(5)
    expect(run.counts_by_kind!.read).toMatchObject({ paired_rows: withBuffer.length, paired_because: ["of issuances' parts into the buffer pool"] })
    const biochar = projects.find((p) => p.pathway === 'biomass_carbon_removal_and_storage')!
    const detail = projectDetail.parse((await call(server.url, `/api/projects/ISO${biochar.short_code}`)).body)
    expect(detail).toMatchObject({ name: biochar.name, registry: 'ISO', reduction_removal: 'long_duration_removal', synthetic: false })
    // No source counted a new listing's credits: its figures stand on its records alone, with no vintage to give.
    const own = rawRows('isometric/issuances.csv').filter((r) => r.project_id === biochar.id)
    expect(detail.credit_figures.issued.counted).toBeNull()
    // A batch is the supplier's credits and the buffer pool's: the buffer's are set aside, never issued for sale.
    expect(detail.credit_figures.issued.value).toBeCloseTo(sum(own, 'supplier_credit_batch_size_total.credits'), 6)
    expect(detail.credit_figures.buffer_issued).toBeCloseTo(sum(own, 'buffer_pool_credit_batch_size_total.credits'), 6)
    if (own.some((r) => Number(r['buffer_pool_credit_batch_size_total.credits']) > 0)) expect(detail.credit_figures.issued.text).toMatch(/into its buffer pool/)
    if (own.length > 0) expect(detail.credit_figures.by_vintage.map((v) => v.vintage)).toEqual([null])
    expect((await credits('registry=ISO&kind=issuance&per_page=1')).sum_quantity).toBeCloseTo(sum(rawRows('isometric/issuances.csv'), 'credit_batch_size_total.credits'), 6)
    const retirements = rawRows('isometric/retirements.csv')
    const workday = retirements.filter((r) => r['beneficiary.name'] === 'Workday')
    const found = await credits('registry=ISO&beneficiary=workday&per_page=1')
    expect(found.total).toBe(workday.length)
    expect(found.sum_quantity).toBeCloseTo(sum(workday, 'credit_batch_size_total.credits'), 6)
    // Once its projects are in, a retirements file alone finds them by the page address their listing kept.
    const again = await importFile('src_isometric', 'retirements.csv', exportFile('isometric/retirements.csv'))
    expect(again.error).toBeNull()
    expect(again.counts.skipped).toBe(0)
    expect(again.counts_by_kind?.records).toMatchObject({ created: 0, updated: 0, unchanged: retirements.length })
  }, 120_000)

  // The terminal is a client of the API, as the browser is: once, on the embedded store. The PostgreSQL pass imports
  // Cercarbono's export in registry-whole-export.test.ts.
  it.skipIf(Boolean(process.env.CREDENCE_TEST_POSTGRES_URL))("imports Cercarbono's export from a terminal (npm run import -- --source cercarbono …): its projects are new and its credits add up", async () => {
    const files = ['projects', 'issuances', 'retirements'].map((kind) => resolve(registries, `cercarbono/${kind}.csv`))
    const [projects, issuances, retirements] = ['projects', 'issuances', 'retirements'].map((kind) => rawRows(`cercarbono/${kind}.csv`))
    // A run counts the projects it lists and the records it stores, each by its kind; Cercarbono's test listings
    // ("-", no sector, no stage) are rows skipped, not projects.
    // Issuances are the issuances file's rows and the serials each project lists, each serial once (the file holds
    // 100 of the 890 the listings give, all among them); a batch of none is no record.
    const listedSerials = projects.flatMap((p) => [...p.serials.matchAll(/'serial': '([^']+)', 'issued_quantity': ([\d.]+)/g)].map(([, serial, quantity]) => ({ serial, issued_quantity: quantity })))
    const serials = new Map([...issuances, ...listedSerials].map((row) => [row.serial, row]))
    expect(serials.size).toBe(listedSerials.length)
    const issued = [...serials.values()].filter((row) => Number(row.issued_quantity) > 0)
    expect(issued.length).toBe(864)
    const records = issued.length + retirements.length
    const placeholders = projects.filter((p) => p.name.trim() === '-' && p.sector === '[]').length
    expect(placeholders).toBe(7)
    const { stdout } = await promisify(execFile)(resolve('node_modules/.bin/tsx'), ['src/server/import-file.ts', '--source', 'cercarbono', ...files], {
      env: { ...process.env, CREDENCE_API_URL: server.url, CREDENCE_API_TOKEN: tokens.live },
      timeout: 120_000,
    })
    // Its progress names what it counts: the listings are projects, the rest records.
    const taken = projects.length - placeholders + records
    expect(stdout).toMatch(new RegExp(`^succeeded: ${taken} of ${taken} projects and records$`, 'm'))
    expect(stdout.split('\n').filter((line) => / succeeded| failed/.test(line))).toEqual([
      expect.stringMatching(new RegExp(`^Run run_\\w+ succeeded, as of \\d{4}-\\d{2}-\\d{2}: ${projects.length - placeholders} projects created · ${records} records created · ${placeholders} rows skipped\\b`)),
    ])
    const first = projects[0]
    const detail = projectDetail.parse((await call(server.url, `/api/projects/CCB${first.id}`)).body)
    expect(detail).toMatchObject({ name: first.name, registry: 'CCB', country: 'Colombia', reduction_removal: 'impermanent_removal', synthetic: false })
    expect(detail.website).toBe(`https://www.ecoregistry.io/projects/${first.id}`)
    expect(await credits('registry=CCB&kind=issuance&per_page=1')).toMatchObject({ total: issued.length, sum_quantity: sum(issued, 'issued_quantity') })
    const ofFirst = retirements.filter((r) => r.project_id === first.id)
    expect(await credits(`project=CCB${first.id}&kind=retirement&per_page=1`)).toMatchObject({ total: ofFirst.length, sum_quantity: sum(ofFirst, 'quantity') })
    // "Not public" names no one; a carbon-tax retirement is for its taxpayer, the passive subject.
    const proquinal = retirements.filter((r) => r.end_user === 'Proquinal S.A.S')
    expect(await credits('registry=CCB&beneficiary=proquinal&per_page=1')).toMatchObject({ total: proquinal.length, sum_quantity: sum(proquinal, 'quantity') })
    const taxpayer = retirements.filter((r) => r.end_user === 'Not public' && r.passive_subject === 'PRIMAX COLOMBIA S.A.')
    expect((await credits('registry=CCB&beneficiary=primax&per_page=1')).total).toBe(taxpayer.length)
    const again = await promisify(execFile)(resolve('node_modules/.bin/tsx'), ['src/server/import-file.ts', '--source', 'cercarbono', ...files], {
      env: { ...process.env, CREDENCE_API_URL: server.url, CREDENCE_API_TOKEN: tokens.live },
      timeout: 120_000,
    })
    expect(again.stdout.split('\n').filter((line) => / succeeded| failed/.test(line))).toEqual([
      expect.stringMatching(new RegExp(` succeeded, .*: ${projects.length - placeholders} projects unchanged · ${records} records unchanged · ${placeholders} rows skipped$`)),
    ])
    expect((await credits('registry=CCB&per_page=1')).total).toBe(records)
  }, 240_000)

  it('says from the command line what the API refused, field by field, as the app does', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'credence-import-'))
    const empty = join(folder, 'transactions.csv')
    writeFileSync(empty, '')
    try {
      const refused = await promisify(execFile)(resolve('node_modules/.bin/tsx'), ['src/server/import-file.ts', '--source', 'verra', empty], {
        env: { ...process.env, CREDENCE_API_URL: server.url, CREDENCE_API_TOKEN: tokens.live },
        timeout: 60_000,
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      )
      expect(refused?.code).toBe(1)
      expect(refused?.stderr).toMatch(/: 422 The upload has an invalid field\.\n {2}file: The file is empty\n$/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('reads "Emergent retiring on behalf of Chanel" as Chanel, beside the registry\'s own words', async () => {
    const chanel = await credits('registry=ART&beneficiary=chanel')
    expect(chanel.total).toBeGreaterThan(0)
    for (const record of chanel.data) {
      expect(record.beneficiary).toBe('Chanel')
      expect(Object.values(record.beneficiary_raw).join(' | ')).toMatch(/Emergent retiring (on behalf of|for) Chanel/)
    }
  })

  it("makes the registries' new listings real projects, with the registry's own name, type, status and country, once", async () => {
    const listings = rawRows('verra/projects.csv')
    const unknown: Record<string, string>[] = []
    for (const listing of listings) if ((await call(server.url, `/api/projects/VCS${listing.ID}`)).status === 404) unknown.push(listing)
    expect(unknown.length).toBeGreaterThan(0)
    const run = await importFile('src_verra', 'projects.csv', exportFile('verra/projects.csv'))
    expect(run.error).toBeNull()
    expect(run.counts).toMatchObject({ created: unknown.length, unchanged: listings.length - unknown.length, skipped: 0 })
    const listing = unknown[0]
    const detail = projectDetail.parse((await call(server.url, `/api/projects/VCS${listing.ID}`)).body)
    // Its type and region in Credence's vocabulary (docs/vocabulary.md), Verra's own type words kept beside them.
    const words = listingVocabulary({ type: listing['Project Type'], methodology: listing.Methodology, country: listing['Country/Area'] })
    expect(detail).toMatchObject({ name: listing.Name, type: words.type, type_as_published: listing['Project Type'], country: words.country, region: words.region, synthetic: false })
    expect(detail.freshness.updated_at).toBe(run.as_of)
    const again = await importFile('src_verra', 'projects.csv', exportFile('verra/projects.csv'))
    expect(again.counts).toMatchObject({ created: 0, unchanged: listings.length })
  }, 120_000)

  it("fails a file of another registry's format naming the columns expected, and changes nothing, Verra's own state included", async () => {
    const before = await credits('per_page=1')
    const verra = async () => sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.id === 'src_verra')!
    const verraBefore = await verra()
    const run = await importFile('src_verra', 'issuances.csv', exportFile('gold-standard/issuances.csv'))
    expect(run.state).toBe('failed')
    expect(run.error?.code).toBe('file_not_registry_export')
    expect(run.error?.message).toMatch(/Gold Standard's issuances export, not a file of this source: expected Verra's transactions export \("Issuance Date"/)
    expect(await credits('per_page=1')).toMatchObject({ total: before.total, sum_quantity: before.sum_quantity })
    // The file was refused, not Verra: the source's state is its data's, and its last run says what happened.
    expect(['healthy', 'stale', 'never_run']).toContain(verraBefore.state)
    expect(await verra()).toMatchObject({ state: verraBefore.state, last_success_at: verraBefore.last_success_at, last_run: { id: run.id, state: 'failed' } })
  }, 60_000)

  it('refuses file_id with file_ids, several files for Berkeley\'s database, and an unknown file among several, each on its field', async () => {
    const one = await upload('transactions.csv', exportFile('verra/transactions.csv'))
    const both = await call(server.url, '/api/source-runs', { json: { source: 'src_verra', file_id: one, file_ids: [one] } })
    expect(both.status).toBe(422)
    expect(JSON.stringify(both.body)).toMatch(/file_id or file_ids, not both/)
    const berkeley = await call(server.url, '/api/source-runs', { json: { source: 'src_vrod', file_ids: [one, one + 'x'] } })
    expect(berkeley.status).toBe(422)
    expect(JSON.stringify(berkeley.body)).toMatch(/one file per run/)
    const unknown = await call(server.url, '/api/source-runs', { json: { source: 'src_verra', file_ids: [one, 'file_nope'] } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'file_ids[1]' })])
  })

  it('fails a hostile file (random bytes, a CSV past the row limit) with a reason, and changes nothing', async () => {
    const before = await credits('per_page=1')
    const noise = new Uint8Array(4096).map((_, i) => (i * 131 + 7) % 256)
    const random = await importFile('src_verra', 'transactions.csv', noise)
    expect(random).toMatchObject({ state: 'failed', error: { code: 'file_not_registry_export' } })
    expect(random.error?.message).toMatch(/neither a workbook nor UTF-8 CSV text/)
    const header = 'Issuance Date,Vintage Start,ID,Quantity Issued,Serial Number,Retirement/Cancellation Date'
    const tooLong = new TextEncoder().encode([header, ...Array.from({ length: 60_000 }, (_, i) => `2026-04-01,2020-01-01,1,1,${i}-1-1-VCS,`)].join('\n'))
    const limited = await importFile('src_verra', 'long.csv', tooLong)
    expect(limited.state).toBe('failed')
    expect(limited.error?.code).toBe('file_too_large')
    // The same file after a good one of 30,000 rows: the good one's records and blocks are staged as it is taken, a
    // COPY's worth at a time, before the second is cut far enough to be refused.
    let unit = 1
    const good = [transactionsHeader, ...Array.from({ length: 30_000 }, (_, i) => {
      const { line, quantity } = transactionRow(i, unit)
      unit += quantity
      return line.trimEnd()
    })].join('\n')
    const afterGood = await runToEnd({ source: 'src_verra', file_ids: [await upload('good.csv', new TextEncoder().encode(good)), await upload('long.csv', tooLong)] })
    expect(afterGood).toMatchObject({ state: 'failed', error: { code: 'file_too_large' } })
    expect(await credits('per_page=1')).toMatchObject({ total: before.total, sum_quantity: before.sum_quantity })
  }, 60_000)

  it('answers a bad filter with a 400 that names it', async () => {
    const answer = await call(server.url, '/api/credits?kind=sold&from=yesterday')
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toMatch(/kind/)
  })

  // Last: it stops the server. The runs above staged records and their blocks while they read (the good file before
  // the one past the row limit, before its run failed); nothing of them is left, applied or failed.
  it('leaves no staging table behind once its runs have ended, applied or failed', async () => {
    await server.stop()
    const store = await connectDatabase({ url: server.databaseUrl, dataDir: server.dataDir })
    try {
      const { rows } = await sql<{ name: string }>`select schemaname || '.' || tablename as name from pg_tables where tablename like 'staged%'`.execute(store.db)
      expect(rows).toEqual([])
    } finally {
      await store.close()
    }
  })
})
