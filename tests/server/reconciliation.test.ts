import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { priceBatch } from '../../src/api/contract/prices'
import { projectDetail, type ProjectDetail } from '../../src/api/contract/projects'
import { recommendation } from '../../src/api/contract/recommendations'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens } from '../support/http'
import { runToEnd, uploadFile } from '../support/source-runs'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

/**
 * Every figure reconciles with the file it came from. Berkeley's file is read here with hyparquet, apart from the
 * server's reader, its four blocks as its README names them: issued by vintage (`1996`…), retired by year (`.1`),
 * remaining by vintage (`.2`), issued by year (`.3`).
 */
const verraFolder = resolve('../shared/data/registries/verra')
const haveData = existsSync(berkeleyFile) && existsSync(verraFolder)
const releaseDay = '2025-12-31'

interface FileProject {
  key: string
  vintages: Map<number, { issued: number; remaining: number }>
  /** The row as the file has it, every column. */
  row: Record<string, unknown>
}

let file: FileProject[] = []
const fileOf = (key: string) => file.find((p) => p.key === key)!

async function readBerkeley(): Promise<FileProject[]> {
  const bytes = readFileSync(berkeleyFile)
  const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, compressors })
  return rows.map((row) => {
    const vintages = new Map<number, { issued: number; remaining: number }>()
    for (let year = 1996; year <= 2025; year++) {
      const issued = Number(row[`${year}`] ?? 0)
      const remaining = Number(row[`${year}.2`] ?? 0)
      if (issued !== 0 || remaining !== 0) vintages.set(year, { issued, remaining })
    }
    return { key: String(row['Project ID']), vintages, row }
  })
}

/** Berkeley's rows of these projects, as a CSV file of the same columns: what check-data reads as it reads the parquet. */
function berkeleyCsvOf(keys: ReadonlySet<string>): string {
  const rows = file.filter((p) => keys.has(p.key)).map((p) => Object.fromEntries(Object.entries(p.row).map(([c, v]) => [c, typeof v === 'bigint' ? Number(v) : v])))
  const path = join(mkdtempSync(join(tmpdir(), 'credence-reconciliation-')), 'berkeley-extract.csv')
  writeFileSync(path, Papa.unparse(rows))
  return path
}

let server: ApiServer
const project = async (key: string) => projectDetail.parse((await call(server.url, `/api/projects/${key}`)).body)

/** Every project's page, eight requests at a time. */
async function everyProject(keys: readonly string[]): Promise<Map<string, ProjectDetail>> {
  const pages = new Map<string, ProjectDetail>()
  let next = 0
  const lane = async () => {
    while (next < keys.length) {
      const key = keys[next++]
      pages.set(key, await project(key))
    }
  }
  await Promise.all(Array.from({ length: 8 }, lane))
  return pages
}

describe.skipIf(!haveData)("every figure reconciles with Berkeley's file and the registries' records", () => {
  beforeAll(async () => {
    file = await readBerkeley()
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: seededFromBerkeley,
    })
  }, 300_000)
  afterAll(() => server?.stop())

  it("serves, for all 10,975 projects, each vintage's remaining as Berkeley's remaining-by-vintage block states it", async () => {
    expect(file).toHaveLength(10_975)
    const pages = await everyProject(file.map((p) => p.key))
    const differing: string[] = []
    for (const { key, vintages } of file) {
      const served = pages.get(key)!.credit_figures
      const byVintage = new Map(served.by_vintage.map((v) => [v.vintage, v]))
      for (const [year, expected] of vintages) {
        const got = byVintage.get(year)
        if (got?.remaining !== expected.remaining || got.issued !== expected.issued) differing.push(`${key} ${year}: ${JSON.stringify(got)} vs ${JSON.stringify(expected)}`)
      }
      if (served.by_vintage.some((v) => v.vintage === null || !vintages.has(v.vintage))) differing.push(`${key}: a vintage the file does not have`)
      // The one disagreement of Berkeley's file alone: a vintage it retires more of than it issues (79 in 48 projects),
      // named each, and nothing else.
      const below = [...vintages].filter(([, v]) => v.remaining <= -0.5).map(([year]) => year)
      const named = served.disagreements.filter((d) => d.kind === 'count_vintage_below_zero').map((d) => d.vintage)
      const other = served.disagreements.find((d) => d.kind !== 'count_vintage_below_zero')
      if (other) differing.push(`${key}: ${other.text}`)
      if (JSON.stringify(named.sort()) !== JSON.stringify(below.sort())) differing.push(`${key}: named ${named.join(', ')}, below zero ${below.join(', ')}`)
      const remaining = served.by_vintage.reduce((sum, v) => sum + v.remaining, 0)
      if (served.by_vintage.length > 0 && remaining !== served.remaining.value) differing.push(`${key}: vintages sum to ${remaining}, total ${served.remaining.value}`)
    }
    expect(differing.slice(0, 10)).toEqual([])
    // The worked example of the docs: VCS934's 2022 vintage is all there, and 332,768 of its 2011 remain.
    const vcs934 = new Map(pages.get('VCS934')!.credit_figures.by_vintage.map((v) => [v.vintage, v]))
    expect(vcs934.get(2022)).toMatchObject({ issued: 2_604_452, retired: 0, remaining: 2_604_452 })
    expect(vcs934.get(2011)).toMatchObject({ issued: 1_252_975, retired: 920_207, remaining: 332_768 })
    // 35 s alone; 201 s in CI, its lanes sharing two cores (2 Dec 2026).
  }, 480_000)

  it('buys no vintage beyond what remains of it, in the three briefs a buyer tried', async () => {
    const briefs = [
      { budget_usd: 500_000, vintage_min: 2020 },
      { budget_usd: 2_000_000 },
      { budget_usd: 1_000_000, region: 'Latin America and the Caribbean', vintage_min: 2018 },
    ]
    let lots = 0
    for (const brief of briefs) {
      const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
      expect(made.items.length).toBeGreaterThan(0)
      for (const item of made.items) {
        const vintages = fileOf(item.project.key).vintages
        for (const bought of item.allocation.vintages ?? []) {
          lots++
          expect(bought.vintage, item.project.key).not.toBeNull()
          expect(bought.tonnes, `${item.project.key} ${bought.vintage}`).toBeLessThanOrEqual(vintages.get(bought.vintage!)?.remaining ?? 0)
        }
      }
    }
    expect(lots).toBeGreaterThan(20)
  })

  it("sells, at every estimated price, what remains of the vintages it prices, as Berkeley's remaining-by-vintage block states it", async () => {
    const keys = file.map((p) => p.key)
    const estimates = new Map<string, number>()
    for (let start = 0; start < keys.length; start += 100) {
      const batch = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys.slice(start, start + 100).join(',')}`)).body)
      for (const price of batch.data) if (price.basis === 'estimate') estimates.set(price.key, price.on_sale!)
    }
    expect(estimates.size).toBeGreaterThan(1000)
    const differing: string[] = []
    let cappedByNet = 0
    for (const [key, onSale] of estimates) {
      const vintages = [...fileOf(key).vintages]
      const left = vintages.map(([year, v]) => [year, Math.max(0, Math.round(v.remaining))] as const).filter(([, n]) => n > 0)
      if (left.length === 0) continue
      // The estimate prices the newest vintage left; priced at one from 2016 (CORSIA's first) on, it sells those alone.
      const newest = Math.max(...left.map(([year]) => year))
      const ofPriced = left.filter(([year]) => newest < 2016 || year >= 2016).reduce((sum, [, n]) => sum + n, 0)
      // Never more than the project's remaining: where the file retires more of a vintage than it issued (ACR210's
      // 2017, -42,405), what is left of the project is less than its other vintages' sum.
      const net = Math.max(0, Math.round(vintages.reduce((sum, [, v]) => sum + v.remaining, 0)))
      if (net < ofPriced) cappedByNet++
      const sold = Math.min(ofPriced, net)
      if (sold !== onSale) differing.push(`${key}: sells ${onSale}, the file leaves ${sold}`)
    }
    expect(differing.slice(0, 10)).toEqual([])
    expect(cappedByNet).toBeGreaterThan(0)
    // The project page's example: GS883 sells 69 t of its 12,084 remaining, the rest pre-Paris.
    expect(estimates.get('GS883')).toBe(69)
  }, 120_000)

  it("moves each vintage Verra's newer blocks name by exactly their quantities, but for blocks of an issuance Berkeley holds, and check-data still reconciles", async () => {
    const read = (name: string) => readFileSync(resolve(verraFolder, name))
    const ids = [await uploadFile(server.url, 'projects.csv', read('projects.csv')), await uploadFile(server.url, 'transactions.csv', read('transactions.csv'))]
    const run = await runToEnd(server.url, { source: 'src_verra', file_ids: ids })
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')

    // What the sample's rows dated after the release do to each project's vintage, summed here from the raw file.
    const rows = Papa.parse<Record<string, string>>(read('transactions.csv').toString('utf8'), { header: true, skipEmptyLines: true }).data
    const moves = new Map<string, { issued: number; taken: number }>()
    const held = new Set<string>()
    const heldByAYear = new Set<string>()
    const heldByPeriods = new Set<string>()
    // What each project vintage's rows state, each figure once: the monitoring periods of the calendar vintage.
    const periods = new Map<string, Set<number>>()
    for (const row of rows) {
      const at = `VCS${row.ID}:${Number(row['Vintage Start'].slice(0, 4))}`
      periods.set(at, (periods.get(at) ?? new Set()).add(Number(row['Total Vintage Quantity'].replace(/,/g, ''))))
    }
    for (const row of rows) {
      const key = `VCS${row.ID}`
      if (!file.some((p) => p.key === key)) continue
      const vintage = Number(row['Vintage Start'].slice(0, 4))
      const quantity = Number(row['Quantity Issued'].replace(/,/g, ''))
      const move = moves.get(`${key}:${vintage}`) ?? { issued: 0, taken: 0 }
      // Each block states what its issuance of the vintage came to: where that is Berkeley's issued of the vintage to
      // the credit, the block is of the issuance Berkeley counts, re-recorded under a later day, and issues nothing new.
      // So too where it is what Berkeley has the project issue in one year, from the vintage's on (`.3`, issued in the
      // year): a vintage issued over several issuances states each one's figure (VCS1974's 2023 states 2025's).
      const stated = Number(row['Total Vintage Quantity'].replace(/,/g, ''))
      // The count must issue the vintage at least that much: a year's issued is of every vintage.
      const issuedInAYear =
        (fileOf(key).vintages.get(vintage)?.issued ?? 0) >= stated &&
        Array.from({ length: 2026 - vintage }, (_, i) => Number(fileOf(key).row[`${vintage + i}.3`] ?? 0)).includes(stated)
      // And where the periods the vintage's rows state come to no more than Berkeley's issued of the calendar year,
      // which may hold several: VCS3801's 480,925 for Mar 1 to Dec 31, 2023, against Berkeley's 485,134.
      const countedIssued = fileOf(key).vintages.get(vintage)?.issued ?? 0
      const statedPeriods = [...periods.get(`${key}:${vintage}`)!].reduce((sum, figure) => sum + figure, 0)
      const withinPeriods = countedIssued > stated && statedPeriods <= countedIssued
      const heldByBerkeley = stated === countedIssued || issuedInAYear || withinPeriods
      if (heldByBerkeley) held.add(`${key}:${vintage}`)
      if (issuedInAYear && stated !== countedIssued) heldByAYear.add(`${key}:${vintage}`)
      if (withinPeriods && !issuedInAYear) heldByPeriods.add(`${key}:${vintage}`)
      if (row['Issuance Date'] > releaseDay && !heldByBerkeley) move.issued += quantity
      if (row['Retirement/Cancellation Date'] && row['Retirement/Cancellation Date'] > releaseDay) move.taken += quantity
      moves.set(`${key}:${vintage}`, move)
    }
    const moved = [...moves].filter(([, m]) => m.issued !== 0 || m.taken !== 0)
    expect(moved.length).toBeGreaterThan(0)
    // 38 of the sample's 86 project vintages are of an issuance Berkeley counts, VCS1340's 2020 among them; 5 of them
    // by a year's issued, VCS1974's 2023 among them, and 3 by the periods their rows state.
    expect([...heldByPeriods].sort()).toEqual(['VCS2939:2023', 'VCS3801:2023', 'VCS4150:2024'])
    expect(held.size).toBe(38)
    expect(held.has('VCS1340:2020')).toBe(true)
    expect(heldByAYear.size).toBe(5)
    expect(heldByAYear.has('VCS1974:2023')).toBe(true)
    for (const [at, move] of moved) {
      const [key, year] = at.split(':')
      const before = fileOf(key).vintages.get(Number(year)) ?? { issued: 0, remaining: 0 }
      const served = (await project(key)).credit_figures
      const vintage = served.by_vintage.find((v) => v.vintage === Number(year))!
      expect(vintage, at).toMatchObject({ issued: before.issued + move.issued, remaining: before.remaining + move.issued - move.taken })
      expect(vintage.counted, at).toEqual(fileOf(key).vintages.has(Number(year)) ? before : null)
      // A vintage the records take past what Berkeley left says so, naming both figures.
      const short = served.disagreements.find((d) => d.kind === 'records_exceed_remaining' && d.vintage === Number(year))
      expect(Boolean(short), at).toBe(before.remaining + move.issued - move.taken < 0)
    }
    // VCS3801's 2023 is Berkeley's, not 148,814 more: its blocks state a period of the year Berkeley counts.
    const vcs3801 = (await project('VCS3801')).credit_figures
    expect(vcs3801.by_vintage.find((v) => v.vintage === 2023)).toMatchObject({ issued: 485_134, remaining: 485_134 })
    expect(vcs3801.issued.value).toBe(549_989)
    // The vintage the buyer found at nothing: VCS4150's 2024, now Berkeley's remaining less what Verra retired since.
    const vcs4150 = (await project('VCS4150')).credit_figures.by_vintage.find((v) => v.vintage === 2024)!
    expect(vcs4150.remaining).toBe(1_446_628 + (moves.get('VCS4150:2024')?.issued ?? 0) - (moves.get('VCS4150:2024')?.taken ?? 0))
    expect(vcs4150.remaining).toBeGreaterThan(1_400_000)

    // check-data, on Berkeley's rows of the projects these blocks moved and of every 25th project besides: the first
    // test has held every project's page to the file already, so the tool is asked for a tenth of them rather
    // than all 10,975 again (a page each, a third of this suite's work).
    const extract = new Set([...moved.map(([at]) => at.split(':')[0]), ...file.filter((_, i) => i % 25 === 0).map((p) => p.key)])
    const checked = await promisify(execFile)('npx', ['tsx', 'src/server/check-data.ts', berkeleyCsvOf(extract)], {
      env: { ...process.env, CREDENCE_API_URL: server.url, CREDENCE_API_TOKEN: tokens.live },
      maxBuffer: 16 * 1024 * 1024,
    })
    const n = extract.size.toLocaleString('en')
    expect(extract.size).toBeGreaterThan(400)
    expect(checked.stdout).toContain(`${n} projects checked: ${n} reconcile with the file, 0 differ`)
    const movedCounted = /(\d[\d,]*) also carry registry records dated after the file/.exec(checked.stdout)
    expect(Number(movedCounted?.[1].replace(/,/g, ''))).toBe(new Set(moved.map(([at]) => at.split(':')[0])).size)
  }, 240_000)
})
