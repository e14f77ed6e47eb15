import * as XLSX from '@e965/xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recommendation, type Recommendation } from '../../src/api/contract/recommendations'
import { shortlistPage, shortlistSummary } from '../../src/api/contract/shortlists'
import { sourceRun } from '../../src/api/contract/sources'
import { formatPercent } from '../../src/lib/format'
import { coBenefitLabel, regionLabel } from '../../src/api/value-labels'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'

/**
 * The pack a buyer files with a committee, read back the way a spreadsheet would read it, on a catalogue of Berkeley's
 * layout whose wind projects carry names a spreadsheet would run (=, +, @ and a full-width ＝) and a quote whose
 * supplier begins with `=`.
 */
const hostileNames = ['=HYPERLINK("https://evil.example","click")', '＝1+1 Wind Farm', '@SUM(A1) Wind Park', '+Kenya Coastal Wind', 'Plain Wind Farm']
const countries = ['India', 'Brazil', 'Mexico', 'Kenya', 'Spain']
const regions: Record<string, string> = { India: 'Southern Asia', Kenya: 'Sub-Saharan Africa', Spain: 'Europe' }
const windRow = (i: number) => ({
  'Project ID': `VCS930${i + 1}`,
  'Project Name': hostileNames[i],
  'Voluntary Registry': 'VCS',
  'Voluntary Status': 'Registered',
  Scope: 'Renewable Energy',
  Type: 'Wind',
  'Reduction / Removal': 'Reduction',
  Region: regions[countries[i]] ?? 'Latin America and the Caribbean',
  Country: countries[i],
  'Total Credits \nIssued': '1000',
  'Total Credits Remaining': '1000',
  'First Year of Project (Vintage)': '2020.0',
})
const quotedKey = 'VCS9305'
const hostileSupplier = '=Evil Supplier'
const owner = 'buyer-one-token'
const other = 'buyer-two-token'
/** A third caller, whose shortlists no list below counts. */
const third = 'buyer-three-token'

let api: ApiServer
let made: Recommendation
let workbook: XLSX.WorkBook
let pack: Response

/** A sheet's rows as objects keyed by its header, cells as SheetJS read them. */
function rowsOf(name: string): Record<string, XLSX.CellObject | undefined>[] {
  const sheet = workbook.Sheets[name]
  const range = XLSX.utils.decode_range(sheet['!ref']!)
  const header = Array.from({ length: range.e.c + 1 }, (_, c) => String(sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v))
  return Array.from({ length: range.e.r }, (_, i) =>
    Object.fromEntries(header.map((name, c) => [name, sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSX.CellObject | undefined])),
  )
}
const value = (cell: XLSX.CellObject | undefined) => cell?.v

async function importQuotes(server: ApiServer) {
  const file = await call(server.url, `/api/files?name=quotes.csv`, {
    token: owner,
    body: `project_key,vintage,price_usd,quantity,supplier,valid_until\n${quotedKey},,4.25,400,${hostileSupplier},2099-12-31\n`,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(file.status).toBe(201)
  const started = sourceRun.parse((await call(server.url, '/api/source-runs', { token: owner, json: { source: 'src_marketsource', file_id: file.body.id } })).body)
  const run = await waitFor(async () => {
    const current = sourceRun.parse((await call(server.url, `/api/source-runs/${started.id}`, { token: owner })).body)
    return current.state === 'succeeded' || current.state === 'failed' ? current : undefined
  }, 60_000, 200)
  expect(run.state).toBe('succeeded')
}

beforeAll(async () => {
  const file = await writeVrodCsvFixture(tempDataDir(), hostileNames.map((_, i) => windRow(i)))
  api = await startApiServer({
    env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: file, CREDENCE_RUN_STEP_MS: '0', CREDENCE_ACCESS_TOKENS: `${owner},${other},${third}` },
  })
  await importQuotes(api)
  const answer = await call(api.url, '/api/recommendations', { token: owner, json: { budget_usd: 1_000_000, type: 'Wind' } })
  expect(answer.status).toBe(201)
  made = recommendation.parse(answer.body)
  pack = await fetch(`${api.url}/api/recommendations/${made.id}/pack`, { headers: { authorization: `Bearer ${owner}` } })
  workbook = XLSX.read(new Uint8Array(await pack.clone().arrayBuffer()), { cellFormula: true, cellNF: true })
}, 180_000)
afterAll(() => api?.stop())

describe('GET /api/recommendations/:id/pack', () => {
  it('answers an .xlsx attachment named for the shortlist, of five sheets', () => {
    expect(pack.status).toBe(200)
    expect(pack.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(pack.headers.get('content-disposition')).toBe(`attachment; filename="credence-shortlist-${made.id}.xlsx"`)
    expect(workbook.SheetNames).toEqual(['Summary', 'Shortlist', 'Evidence', 'Citations', 'Sources'])
  })

  it('holds a shortlist with a quote, a hostile name, and projects left out by name', () => {
    expect(made.items.map((item) => item.project.name)).toEqual(expect.arrayContaining([hostileNames[0]]))
    expect(made.items.find((item) => item.project.key === quotedKey)?.spot_price.basis).toBe('quote')
    for (const project of made.left_out ?? []) expect(made.notes.join(' ')).toContain(`${project.name}, ${project.key}`)
  })

  it('lists every vintage bought as a row with its basis, and its tonnes and costs add up to the answer', () => {
    const rows = rowsOf('Shortlist')
    const bought = made.items.flatMap((item) => (item.allocation.vintages ?? [{ vintage: item.project.vintage }]).map(() => item))
    expect(rows).toHaveLength(bought.length)
    rows.forEach((row, i) => {
      const item = bought[i]
      expect([value(row.Rank), value(row.Key), value(row.Name)]).toEqual([item.rank, item.project.key, item.project.name])
      expect(value(row.Basis)).toBe(item.spot_price.basis)
      expect(row.Tonnes?.t).toBe('n')
      expect(row['Cost (USD)']?.z).toBe('"$"#,##0.00')
      // The score reads as the page writes it ("65%"), the cell holding the score itself: a committee comparing the
      // printed page with the pack read 65% beside 0.649.
      expect(row.Score).toMatchObject({ t: 'n', v: item.score, z: '0%' })
      expect(XLSX.SSF.format('0%', item.score)).toBe(formatPercent(item.score))
      // What the page says beside the figures: why it is here, its region and co-benefits.
      expect(value(row['Why it is here'])).toBe(item.reasons.join(' '))
      expect(value(row.Region)).toBe(regionLabel(item.project.region))
      expect(String(value(row['Co-benefits']) ?? '')).toBe(item.project.co_benefits.map(coBenefitLabel).join('; '))
    })
    const sum = (column: string) => rows.reduce((total, row) => total + Number(value(row[column])), 0)
    expect(sum('Tonnes')).toBe(made.totals.tonnes)
    expect(Math.round(sum('Cost (USD)') * 100)).toBe(Math.round(made.totals.allocated_usd * 100))
    for (const item of made.items) {
      const own = rows.filter((row) => value(row.Key) === item.project.key)
      expect(own.reduce((total, row) => total + Number(value(row.Tonnes)), 0)).toBe(item.allocation.tonnes)
    }
    const quoted = rows.find((row) => value(row.Key) === quotedKey)!
    expect(value(quoted['Quote supplier'])).toBe(hostileSupplier)
    expect(quoted['Quote valid until']).toMatchObject({ t: 'n', z: 'yyyy-mm-dd' })
  })

  it('gives every project its eight signals, and every cited id a row of Citations', () => {
    const evidence = rowsOf('Evidence')
    for (const item of made.items) expect(evidence.filter((row) => value(row.Key) === item.project.key)).toHaveLength(8)
    expect(evidence).toHaveLength(8 * made.items.length)
    const cited = new Set(evidence.flatMap((row) => String(value(row.Citations) ?? '').split('; ').filter(Boolean)))
    expect(cited.size).toBeGreaterThan(0)
    const listed = new Set(rowsOf('Citations').map((row) => value(row.Id)))
    for (const id of cited) expect(listed).toContain(id)
  })

  it('writes no formula anywhere, and text a spreadsheet would run as text', () => {
    const runnable = /^[=+\-@＝＋－＠\t\r]/
    let hostile = 0
    for (const name of workbook.SheetNames) {
      for (const [address, cell] of Object.entries(workbook.Sheets[name])) {
        if (address.startsWith('!')) continue
        expect(cell.f, `${name}!${address}`).toBeUndefined()
        if (typeof cell.v === 'string' && runnable.test(cell.v)) {
          hostile++
          expect(cell, `${name}!${address}`).toMatchObject({ t: 's', z: '@' })
        }
      }
    }
    // Each hostile name on the Shortlist and eight Evidence rows, and the supplier.
    expect(hostile).toBeGreaterThanOrEqual(9)
    const names = rowsOf('Shortlist').map((row) => row.Name)
    expect(names.find((cell) => cell?.v === hostileNames[0])).toMatchObject({ t: 's', v: hostileNames[0] })
  })

  it("states the brief, totals, methods, the data's as-of date and Berkeley's credit", () => {
    const summary = new Map(rowsOf('Summary').map((row) => [value(row.Item), row.Value]))
    expect(value(summary.get('Budget'))).toBe(1_000_000)
    expect(value(summary.get('Allocated'))).toBe(made.totals.allocated_usd)
    expect(value(summary.get('Tonnes'))).toBe(made.totals.tonnes)
    expect(value(summary.get('Brief: project type'))).toBe('Wind')
    // A cap reads as the page writes it, to a hundredth of a point ("99.96%" read "100.0%").
    const removals = summary.get('Cap applied: smallest share of removals')!
    expect(removals).toMatchObject({ t: 'n', v: made.portfolio!.caps.min_removal_share, z: '0.00%' })
    // The brief set no size: the default, or the default made longer to spend the budget, as the page says.
    const size = rowsOf('Summary').find((row) => value(row.Item) === 'Brief: shortlist size')!
    expect(value(size.Value)).toBe(made.shortlist_size)
    expect(value(size.About)).toBe(
      made.shortlist_size > 10
        ? 'projects: the default 10 made longer to spend the budget, which the first 10 hold too few credits for'
        : 'projects at most (the default)',
    )
    expect(value(summary.get('Method: ranking'))).toBe(made.method.version)
    expect(value(summary.get('Method: rating'))).toMatch(/^credence-rating\//)
    expect(value(summary.get('Method: price'))).toMatch(/^credence-price\//)
    expect(summary.get('Data as of')).toMatchObject({ t: 'n', z: 'yyyy-mm-dd' })
    // Dated as the page's notes date the shortlist: by the newest word its projects' facts and credits sources gave.
    const factSources = rowsOf('Sources').filter((row) => ['dataset', 'registry'].includes(String(value(row.Kind))))
    expect(factSources.length).toBeGreaterThan(0)
    expect(value(summary.get('Data as of'))).toBe(Math.max(...factSources.map((row) => Number(value(row['As of'])))))
    // The brief's own shares, beside the caps applied: it set none here.
    expect(value(summary.get('Brief: smallest share of removals'))).toBe('not set')
    expect(value(summary.get('Brief: largest share per project type'))).toBe('not set')
    expect(value(summary.get('Attribution'))).toContain('Berkeley Carbon Trading Project')
    expect(value(summary.get('Attribution'))).toContain('CC BY-SA 4.0')
    expect(value(summary.get('Note 1'))).toBe(made.notes[0])
  })

  it("names the brief's region as the brief form offered it", async () => {
    const answer = await call(api.url, '/api/recommendations', { token: third, json: { budget_usd: 10_000, region: 'Europe' } })
    expect(answer.status).toBe(201)
    const europe = recommendation.parse(answer.body)
    const file = await fetch(`${api.url}/api/recommendations/${europe.id}/pack`, { headers: { authorization: `Bearer ${third}` } })
    const summary = XLSX.read(new Uint8Array(await file.arrayBuffer())).Sheets.Summary
    const rows = XLSX.utils.sheet_to_json<{ Item: string; Value: unknown }>(summary)
    // Berkeley's "Europe" leaves out its "Eastern Europe": the pack says which Europe the brief asked for.
    expect(rows.find((row) => row.Item === 'Brief: region')?.Value).toBe('Europe (Northern, Southern, Western)')
  })

  it('names the sources the figures rest on, with the runs and files behind them', () => {
    const sources = rowsOf('Sources')
    const berkeley = sources.find((row) => String(value(row.Source)).startsWith('Berkeley'))!
    expect(value(berkeley.Files)).toBe('vrod-fixture.csv')
    // Seeded from a file on disk whose name and rows give no date: dated by its last change, and the pack says so.
    expect(value(berkeley.Dated)).toBe('the day the file last changed')
    expect(berkeley['As of']).toMatchObject({ t: 'n' })
    const market = sources.find((row) => value(row.Files) === 'quotes.csv')
    expect(value(market?.['What the shortlist takes from it'])).toMatch(/prices of 1 project \(quotes\)/)
  })

  it('is 404 for a shortlist that does not exist', async () => {
    expect((await call(api.url, '/api/recommendations/rec_nope/pack', { token: owner })).status).toBe(404)
  })
})

describe('shortlists kept', () => {
  const list = (token: string, query = '') => call(api.url, `/api/recommendations${query}`, { token })
  const rename = (id: string, body: unknown, token = other) => call(api.url, `/api/recommendations/${id}`, { token, method: 'PATCH', json: body })

  it("lists the caller's own shortlists, newest first, page by page", async () => {
    const ids: string[] = []
    for (const budget of [10_000, 20_000, 30_000]) ids.push((await call(api.url, '/api/recommendations', { token: other, json: { budget_usd: budget } })).body.id)
    const first = shortlistPage.parse((await list(other, '?per_page=2')).body)
    const second = shortlistPage.parse((await list(other, '?per_page=2&page=2')).body)
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 })
    expect([...first.data, ...second.data].map((s) => s.id)).toEqual([...ids].reverse())
    expect(first.data[0]).toMatchObject({ brief: { budget_usd: 30_000 }, name: null, simulated: false })
    const mine = shortlistPage.parse((await list(owner)).body)
    expect(mine.data.map((s) => s.id)).toEqual([made.id])
  })

  it('stores a name beside the unchanged answer, which carries it for anyone with the link, and takes it away again', async () => {
    const before = await call(api.url, `/api/recommendations/${made.id}`, { token: owner })
    expect(before.body.name).toBeNull()
    const named = await rename(made.id, { name: '  Board paper, Q3  ' }, owner)
    expect(named.status).toBe(200)
    expect(shortlistSummary.parse(named.body)).toMatchObject({ id: made.id, name: 'Board paper, Q3' })
    expect(shortlistPage.parse((await list(owner)).body).data[0].name).toBe('Board paper, Q3')
    // The shortlist as it was made, but for its name: the pack and the page are titled by it, whoever opens the link.
    for (const token of [owner, other]) {
      const after = await call(api.url, `/api/recommendations/${made.id}`, { token })
      expect(after.text).toBe(before.text.replace(/"name":null\}$/, '"name":"Board paper, Q3"}'))
      expect(recommendation.parse(after.body).name).toBe('Board paper, Q3')
    }
    // Its pack is saved under its name before its id, so a committee's folder tells its packs apart.
    const namedPack = await fetch(`${api.url}/api/recommendations/${made.id}/pack`, { headers: { authorization: `Bearer ${owner}` } })
    expect(namedPack.headers.get('content-disposition')).toBe(`attachment; filename="credence-shortlist-board-paper-q3-${made.id}.xlsx"`)
    expect((await rename(made.id, { name: '' }, owner)).body.name).toBeNull()
    expect((await call(api.url, `/api/recommendations/${made.id}`, { token: owner })).text).toBe(before.text)
  })

  it("is 404 for another caller's shortlist and for a sandbox key naming a live one", async () => {
    const answer = await rename(made.id, { name: 'Not mine' })
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toMatch(/problem\+json/)
    expect((await rename(made.id, { name: 'Sandbox' }, tokens.sandbox)).status).toBe(404)
    expect((await call(api.url, `/api/recommendations/${made.id}`, { token: owner })).body.id).toBe(made.id)
    expect(shortlistPage.parse((await list(owner)).body).data[0].name).toBeNull()
  })

  it('refuses a name that is not text, too long, or a field it does not take', async () => {
    expect((await rename(made.id, { name: 5 }, owner)).status).toBe(422)
    expect((await rename(made.id, { name: 'x'.repeat(121) }, owner)).status).toBe(422)
    expect((await rename(made.id, { name: 'ok', budget_usd: 1 }, owner)).status).toBe(422)
  })

  it('deletes a shortlist for its maker only: its link, pack and evidence then say it was deleted and when, and the list leaves it out', async () => {
    const remove = (id: string, token: string) => call(api.url, `/api/recommendations/${id}`, { token, method: 'DELETE' })
    const doomed = (await call(api.url, '/api/recommendations', { token: owner, json: { budget_usd: 40_000 } })).body.id as string
    expect(shortlistPage.parse((await list(owner)).body).data.map((s) => s.id)).toEqual([doomed, made.id])
    // Another caller's delete, or a sandbox key's of a live one, is a 404 and leaves it as it was.
    for (const token of [other, tokens.sandbox]) {
      const refused = await remove(doomed, token)
      expect(refused.status).toBe(404)
      expect(refused.headers.get('content-type')).toMatch(/problem\+json/)
    }
    expect((await call(api.url, `/api/recommendations/${doomed}`, { token: other })).status).toBe(200)

    const deleted = await remove(doomed, owner)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ id: doomed, object: 'recommendation', deleted: true })
    // Its link says it was deleted, and when, to whoever has it: not that no such shortlist was ever made.
    const today = new Date().toISOString().slice(0, 10)
    for (const token of [owner, other]) {
      for (const path of ['', '/pack', '/evidence']) {
        const answer = await call(api.url, `/api/recommendations/${doomed}${path}`, { token })
        expect(answer.status, path).toBe(410)
        expect(answer.headers.get('content-type')).toMatch(/problem\+json/)
        expect(answer.body).toMatchObject({ type: 'https://credence.example/problems/gone', title: 'Deleted', status: 410, deleted_at: expect.stringMatching(new RegExp(`^${today}T`)) })
        expect(answer.body.detail).toBe(`The shortlist ${doomed} was deleted on ${today}; nothing of it is kept but that.`)
      }
    }
    // The sandbox's shortlists are another dataset's: there the id was never one.
    expect((await call(api.url, `/api/recommendations/${doomed}`, { token: tokens.sandbox })).status).toBe(404)
    expect(shortlistPage.parse((await list(owner)).body)).toMatchObject({ total: 1, data: [{ id: made.id }] })
    // Deleted once: a second delete, or naming it, says it is gone, and the other shortlists are untouched.
    expect((await remove(doomed, owner)).status).toBe(410)
    expect((await rename(doomed, { name: 'Too late' }, owner)).status).toBe(410)
    expect((await call(api.url, `/api/recommendations/${made.id}`, { token: other })).body.id).toBe(made.id)
  })
})
