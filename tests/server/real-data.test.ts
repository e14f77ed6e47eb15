import { isRemoval } from '../../src/lib/reduction-removal'
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import * as XLSX from '@e965/xlsx'
import { parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/api/contract/catalogue'
import { uploadedFile } from '../../src/api/contract/files'
import { projectDetail, projectPage, type CreditYear } from '../../src/api/contract/projects'
import { sourceList, sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { priceBatch } from '../../src/api/contract/prices'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { defaultMaxSharePerCountry, defaultMaxSharePerType, recommendation, type Recommendation } from '../../src/api/contract/recommendations'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

const haveRealFile = existsSync(berkeleyFile)
const releaseAsOf = '2025-12-31T00:00:00.000Z'
const reason = `Berkeley's file is not at ${berkeleyFile}`

/** The file's rows as hyparquet gives them, read here independently of the server's reader. */
let fileRows: Record<string, unknown>[] = []
const rowOf = (key: string) => fileRows.find((r) => r['Project ID'] === key)!

/**
 * The history a project should show, from the four blocks exactly as the README beside the file names them: issued
 * by vintage, retired by year, remaining by vintage, issued by year; retired of a vintage is issued less remaining.
 */
function historyInFile(key: string): CreditYear[] {
  const row = rowOf(key)
  const n = (column: string) => Number(row[column] ?? 0)
  const years: CreditYear[] = []
  for (let year = 1996; year <= 2025; year++) {
    const entry = {
      year,
      issued_by_vintage: n(`${year}`),
      issued_in_year: n(`${year}.3`),
      retired_in_year: n(`${year}.1`),
      retired_by_vintage: n(`${year}`) - n(`${year}.2`),
      remaining_by_vintage: n(`${year}.2`),
    }
    if (entry.issued_by_vintage || entry.retired_in_year || entry.remaining_by_vintage || entry.issued_in_year) years.push(entry)
  }
  return years
}

async function upload(server: ApiServer, name: string, bytes: Uint8Array, token = tokens.live) {
  const response = await fetch(`${server.url}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  return { status: response.status, location: response.headers.get('location'), body: await response.json() }
}

/**
 * Posts a body of `size` bytes with its length declared and answers the status. The API refuses a declared size
 * from the headers alone, so the body is held back a moment: an answer that comes first is read before any write
 * could meet the closed connection (a write into it fails, and can take the answer with it).
 */
function postDeclared(server: ApiServer, name: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false
    const request = http.request(`${server.url}/api/files?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream', 'content-length': size },
    })
    request.on('response', (response) => {
      answered = true
      response.resume()
      resolve(response.statusCode ?? 0)
      request.destroy()
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    request.flushHeaders()
    setTimeout(() => {
      if (answered) return
      const chunk = new Uint8Array(1024 * 1024)
      let left = size
      const write = () => {
        while (left > 0 && !answered) {
          const part = chunk.subarray(0, Math.min(chunk.length, left))
          left -= part.length
          if (!request.write(part)) return void request.once('drain', write)
        }
        if (!answered) request.end()
      }
      write()
    }, 1000)
  })
}

async function uploadMultipart(server: ApiServer, name: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
  const response = await fetch(`${server.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens.live}` }, body: form })
  return { status: response.status, body: await response.json() }
}

async function runToEnd(server: ApiServer, request: object, token = tokens.live): Promise<SourceRun> {
  const started = await call(server.url, '/api/source-runs', { json: request, token })
  expect(started.status).toBe(202)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(server.url, `/api/source-runs/${started.body.id}`, { token })).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 240_000, 250)
}

const project = async (server: ApiServer, key: string) => projectDetail.parse((await call(server.url, `/api/projects/${key}`)).body)
const projectCount = async (server: ApiServer) => (await call(server.url, '/api/projects?per_page=1')).body.total as number

/** A workbook as Berkeley publishes it: a read-me sheet first, a title row above the projects' header. */
function workbookOf(rows: Record<string, unknown>[], columns: string[]): Uint8Array {
  // The workbook repeats the bare year in each block; pandas' `.1`, `.2`, `.3` are the parquet's.
  const header = columns.map((c) => c.replace(/^(\d{4})\.\d$/, '$1'))
  const body = rows.map((row) => columns.map((c) => (typeof row[c] === 'bigint' ? Number(row[c]) : (row[c] ?? null))))
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['About this database'], ['Project ID is the registry key.']]), 'Read me')
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Voluntary Registry Offsets Database, test extract'], [], header, ...body]), 'PROJECTS')
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }))
}

/** Rewrites the expanded size every central-directory entry declares: a zip that claims to inflate hugely. */
function declaredBomb(zip: Uint8Array, declared: number): Uint8Array {
  const bytes = zip.slice()
  const view = new DataView(bytes.buffer)
  for (let i = 0; i + 46 <= bytes.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, declared, true)
  return bytes
}

describe.skipIf(!haveRealFile)(`the live catalogue seeded from Berkeley's file (${haveRealFile ? 'present' : reason})`, () => {
  let server: ApiServer
  let columns: string[] = []
  beforeAll(async () => {
    fileRows = await parquetReadObjects({ file: readFileSync(berkeleyFile).buffer as ArrayBuffer, compressors })
    columns = Object.keys(fileRows[0]).filter((c) => !/^Unnamed/.test(c))
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: seededFromBerkeley,
    })
  }, 300_000)
  afterAll(() => server?.stop())

  it('holds all 10,975 real projects and nothing generated, as of the release date', async () => {
    const made = catalogue.parse((await call(server.url, '/api/catalogue')).body)
    expect(made).toMatchObject({ dataset: 'live', projects: 10_975, synthetic_projects: 0, as_of: releaseAsOf })
    expect(made.attribution).toMatch(/Berkeley.*CC BY-SA 4\.0/)
    expect(await projectCount(server)).toBe(10_975)
    const page = (await call(server.url, '/api/projects?per_page=200')).body
    expect(page.data.every((p: { synthetic: boolean }) => p.synthetic === false)).toBe(true)
    const vcs934 = await project(server, 'VCS934')
    expect(vcs934.name).toBe(rowOf('VCS934')['Project Name'])
    expect(vcs934.updated_at).toBe(releaseAsOf)
    expect(vcs934.freshness.updated_at).toBe(releaseAsOf)
    const vrod = sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.id === 'src_vrod')!
    expect(vrod).toMatchObject({ last_success_at: releaseAsOf, projects_covered: 10_975, simulated: false, connected: true, accepts_files: true })
    // The first start's seeding is on record as the source's run: its last success is a run, never implied.
    expect(vrod.last_run).toMatchObject({ state: 'succeeded' })
    const seeding = sourceRun.parse((await call(server.url, `/api/source-runs/${vrod.last_run!.id}`)).body)
    expect(seeding).toMatchObject({ source_id: 'src_vrod', state: 'succeeded', as_of: releaseAsOf, as_of_basis: 'file_name', counts: { created: 10_975, updated: 0 }, error: null })
  })

  it('spells each type one way, the most used, and keeps the file\'s own spelling where it differed', async () => {
    const facets = (await call(server.url, '/api/projects/facets')).body as { facets: { type: { value: string; count: number }[] } }
    const identities = facets.facets.type.map((t) => t.value.toLowerCase().replace(/\s+/g, ' '))
    expect(new Set(identities).size).toBe(identities.length)
    // Read from the file here: spellings of one type, and a project under the rarer one.
    const typeColumn = Object.keys(fileRows[0]).find((c) => c.trim() === 'Type')!
    const spellings = new Map<string, Map<string, string[]>>()
    for (const row of fileRows) {
      const type = String(row[typeColumn] ?? '').trim()
      if (!type) continue
      const identity = type.toLowerCase().replace(/\s+/g, ' ')
      const byType = spellings.get(identity) ?? new Map<string, string[]>()
      byType.set(type, [...(byType.get(type) ?? []), String(row['Project ID'])])
      spellings.set(identity, byType)
    }
    const split = [...spellings.values()].filter((byType) => byType.size > 1)
    expect(split.length).toBeGreaterThan(0)
    const [[usual, usualKeys], [rare, rareKeys]] = [...split[0]].sort((a, b) => b[1].length - a[1].length)
    const odd = await project(server, rareKeys[0])
    expect(odd).toMatchObject({ type: usual, type_as_published: rare })
    expect(await project(server, usualKeys[0])).toMatchObject({ type: usual, type_as_published: null })
  })

  it('keeps the sandbox key on its fixed generated dataset', async () => {
    const made = catalogue.parse((await call(server.url, '/api/catalogue', { token: tokens.sandbox })).body)
    expect(made.dataset).toBe('sandbox')
    expect(made.synthetic_projects).toBe(made.projects)
    expect(made.attribution).toBeNull()
  })

  it('gives each project its yearly history exactly as the file has it, negative entries included', async () => {
    for (const key of ['VCS934', 'CAR101', 'GS337', 'ACR102', 'ART101']) {
      if (!rowOf(key)) continue
      const detail = await project(server, key)
      expect(detail.credit_history.years, key).toEqual(historyInFile(key))
      const dated = detail.credit_history.years.length > 0 ? { source: 'src_vrod', as_of: releaseAsOf } : { source: null, as_of: null }
      expect(detail.credit_history, key).toMatchObject(dated)
    }
    const car101 = (await project(server, 'CAR101')).credit_history.years.find((y) => y.year === 2007)
    // A reversal: the registry took back more of the 2007 vintage than it left.
    expect(car101?.remaining_by_vintage).toBeLessThan(0)
    const vcs934 = (await project(server, 'VCS934')).credit_history.years
    expect(vcs934.reduce((sum, y) => sum + y.issued_by_vintage, 0)).toBe(Number(rowOf('VCS934')['Total Credits \nIssued']))
  })

  it("names each project's other listings as the file's compliance ids pair them, and no other", async () => {
    // Berkeley's `ARB / WA ID`, read here from the parquet: the ids two or more rows share are one project listed twice.
    const byId = new Map<string, string[]>()
    for (const row of fileRows) {
      const id = typeof row['ARB / WA ID'] === 'string' ? row['ARB / WA ID'].trim() : ''
      if (id) byId.set(id, [...(byId.get(id) ?? []), String(row['Project ID'])])
    }
    const shared = [...byId].filter(([, keys]) => keys.length > 1)
    expect(shared.length).toBe(14)
    expect(byId.get('CAMM5746')!.sort()).toEqual(['ACR746', 'CAR2057'])
    for (const [id, keys] of shared) {
      for (const key of keys) {
        const listed = (await project(server, key)).also_listed_as
        expect(listed, key).toEqual(keys.filter((other) => other !== key).sort().map((other) => expect.objectContaining({ key: other, compliance_id: id })))
      }
    }
    // A project with an id of its own lists none.
    const alone = [...byId].find(([, keys]) => keys.length === 1)![1][0]
    expect((await project(server, alone)).also_listed_as).toEqual([])
  })

  it('finds a project by its name typed without its accents, as with them', async () => {
    const named = async (q: string) => projectPage.parse((await call(server.url, `/api/projects?q=${encodeURIComponent(q)}&per_page=50`)).body).data.map((p) => p.name)
    const written = fileRows.map((r) => String(r['Project Name']).trim()).filter((name) => /^Şenköy /.test(name))
    expect(written.length).toBeGreaterThan(0)
    expect(await named('senkoy wind')).toEqual(expect.arrayContaining(written))
    expect(await named('ŞENKÖY wind')).toEqual(expect.arrayContaining(written))
  })

  it('prices every shortlisted project by the open estimate the rating method serves, and says so', async () => {
    const method = ratingMethod.parse((await call(server.url, '/api/rating-method')).body).prices
    expect(method.version).toBe('credence-price/6')
    // Bands name the types real projects carry: 341 of Berkeley's are of this one, which `/3` priced by the default band.
    const types = new Set(projectPage.parse((await call(server.url, '/api/projects?type=Ozone%20Depleting%20Substances%20Recovery%20%26%20Destruction&per_page=1')).body).data.map((p) => p.type))
    expect([...types]).toEqual(['Ozone Depleting Substances Recovery & Destruction'])
    expect(method.bands.find((b) => b.types.includes('Ozone Depleting Substances Recovery & Destruction'))).toMatchObject({ low: 3, high: 9, typical: 5 })
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 1_000_000 } })).body)
    expect(made.items.length).toBeGreaterThan(5)
    for (const item of made.items) {
      const price = item.spot_price
      // No real project has a quote yet: each price is an estimate, with a range around it, never simulated.
      expect(price).toMatchObject({ basis: 'estimate', simulated: false, source: 'Credence reference estimate' })
      expect(price.low!).toBeLessThanOrEqual(price.value)
      expect(price.high!).toBeGreaterThanOrEqual(price.value)
      expect(item.reasons.some((reason) => reason.startsWith(`An estimated $`))).toBe(true)
      // The estimate is the one the served method describes, computed here from the project's facts.
      const facts = await project(server, item.project.key)
      const band = method.bands.find((b) => b.types.includes(facts.type)) ?? method.other_types
      // Priced at the newest vintage left (the first where no source counts by vintage), as the vintages bought are.
      const left = facts.credit_figures.by_vintage.filter((v) => v.vintage !== null && Math.round(v.remaining) > 0)
      const priced = left.length > 0 ? Math.max(...left.map((v) => v.vintage!)) : facts.vintage
      const factor = priced !== null && priced < 2016 ? 0.75 : 1
      for (const bought of item.allocation.vintages!) expect((bought.vintage ?? facts.vintage!) < 2016 ? 0.75 : 1).toBe(factor)
      const premium = facts.labels.includes('ICVCM CCP-Approved') ? (facts.type === 'Afforestation/Reforestation' ? 8 : 3.7) : 0
      expect(price.value).toBeCloseTo(band.typical * factor + premium, 2)
      expect(price.low!).toBeCloseTo(band.low * factor + premium, 2)
      expect(price.high!).toBeCloseTo(band.high * factor + premium, 2)
    }
    // The lookup answers the same price for the same project, however often it is asked.
    const keys = made.items.slice(0, 3).map((item) => item.project.key)
    const looked = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}`)).body)
    expect(looked.data.map((p) => [p.key, p.value, p.basis])).toEqual(made.items.slice(0, 3).map((i) => [i.project.key, i.spot_price.value, 'estimate']))
    // The simulated market never quotes a real project: its run is refused with a reason, and changes nothing.
    const market = await runToEnd(server, { source: 'src_marketsource' })
    expect(market.state).toBe('failed')
    expect(market.error?.message).toMatch(/real.*reference estimate/)
  })

  it("finds a Gold Standard project by the key OffsetsDB writes for it, in a price lookup and on its page", async () => {
    // OffsetsDB writes GLD and the GSID where the registry and Berkeley write GS: an analyst's list from it is read so.
    const looked = priceBatch.parse((await call(server.url, '/api/connectors/marketsource/market/batch?projectKeys=gld12285,GLDX1')).body)
    expect(looked.data.map((price) => price.key)).toEqual(['GS12285'])
    expect(looked.unknown_keys).toEqual(['GLDX1'])
    expect((await project(server, 'GLD12285')).key).toBe('GS12285')
  })

  it('ranks the projects that deliver a requested co-benefit first, and says where the co-benefits leave the shortlist', async () => {
    const delivering = <T extends { components: { co_benefits: number | null } }>(made: { items: T[] }) => made.items.filter((item) => (item.components.co_benefits ?? 0) > 0)
    // Under credence-rank/8 a co-benefit weighed a quarter of the score: this brief shortlisted one project of ten that
    // delivers either, of 604 that pass it and deliver one (landfill gas and ozone-depleting substances, cheaper and
    // rated higher, outscored the forests). Berkeley's release lists no UN SDGs, and a note says so.
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, co_benefits: ['sdg_13', 'biodiversity'] } })).body)
    expect(made.items).toHaveLength(10)
    expect(delivering(made)).toHaveLength(made.items.length)
    expect(made.notes).toContain('No project that passes the brief delivers UN SDG 13: Climate Action.')
    // A rank in its notes is a place in that order before the caps diversify it, not the table's Rank, nor by score.
    expect(made.left_out?.length).toBeGreaterThan(0)
    expect(made.notes.join(' ')).toMatch(/\(\d+(st|nd|rd|th) before diversifying\)/)
    expect(made.notes.join(' ')).not.toMatch(/by score|in the ranking/)
    // Where few that pass deliver one, each is shortlisted first and the note says the other places deliver none.
    const europe = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, region: 'Europe', co_benefits: ['biodiversity'] } })).body)
    const few = delivering(europe)
    expect(few.length).toBeGreaterThan(0)
    expect(few.length * 2).toBeLessThan(europe.items.length)
    expect(europe.items.slice(0, few.length)).toEqual(few)
    // Where its first scores below projects it ranks above, it says why: the table shows both scores. (It did until
    // credence-price/6 priced carbon-absorbing concrete as a durable removal, which widened the prices the forest's
    // price fit is read among.)
    const outscored = europe.items.some((item) => !few.includes(item) && item.score > few[0].score)
    expect(few[0].reasons.includes('Ranked above the shortlisted projects that deliver none of the requested co-benefits, whatever their score.')).toBe(outscored)
    // The one forest that passes is not weighed against carbon-absorbing concrete's median ("433% above … ($4.00)").
    const forest = few.find((item) => item.project.reduction_removal === 'impermanent_removal')!
    expect(forest.reasons.join(' ')).toContain('too few impermanent removals pass the brief to weigh it against their median')
    const passing = few.length === 1 ? '1 project that passes the brief delivers' : `${few.length} projects that pass the brief deliver`
    expect(europe.notes).toContain(`Only ${passing} a requested co-benefit, and the shortlist holds ${few.length === 1 ? 'it' : 'them all'}: the other places go to the best of the projects that deliver none.`)
    // Asked for alone, biodiversity fills the shortlist, and no note speaks of it.
    const alone = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, co_benefits: ['biodiversity'] } })).body)
    expect(delivering(alone)).toHaveLength(alone.items.length)
    expect(alone.notes.filter((n) => /requested co-benefit|delivers Biodiversity/.test(n))).toEqual([])
  })

  it("holds the removals' share where removals are too few for the budget, and buys no reduction for a removals-only brief", async () => {
    // Berkeley's $3M brief in Oceania for removals only spent $374,803 on cookstoves beside its one forest until
    // credence-rank/10, and said "Removals take 63.27% of the spend, short of the 100% asked".
    const brief = { region: 'Oceania', budget_usd: 3_000_000, vintage_min: 2023, co_benefits: ['water', 'climate_adaptation'], min_removal_share: 1 }
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    expect(made.items.length).toBeGreaterThan(0)
    expect(made.items.filter((i) => !isRemoval(i.project.reduction_removal ?? 'reduction'))).toEqual([])
    const spent = made.items.reduce((sum, i) => sum + i.allocation.cost_usd, 0)
    expect(made.totals.allocated_usd).toBeCloseTo(spent, 2)
    expect(made.totals.remaining_usd).toBeGreaterThan(1_000_000)
    const note = made.notes.find((n) => n.startsWith('Removals are held to at least 100% of the spend, as the brief asks'))
    expect(note).toMatch(/the removals that meet it can sell \$[\d,]+ of credits in all: so the shortlist spends \$[\d,]+ of the budget\. A minimum share of removals of [\d.]+% would let more of it be spent; or a budget of at most \$[\d,]+ would be spent in full\./)
    // The unspent budget is put down to the share, whose note says what would spend more, not to what every project
    // passing the brief holds, reductions included.
    expect(made.notes).toContain("Part of the budget is left unallocated: the removals' share the brief asks holds it back; the note above says what would spend more.")
    // The cookstoves that passed are named as given nothing.
    expect(made.left_out?.filter((p) => p.reason === 'unfunded').length).toBeGreaterThan(0)
    // At 60% in Europe, the share holds: reductions take at most 40% of what is spent.
    const europe = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 5_000_000, region: 'Europe', min_removal_share: 0.6 } })).body)
    const europeSpent = europe.items.reduce((sum, i) => sum + i.allocation.cost_usd, 0)
    const europeRemovals = europe.items.filter((i) => isRemoval(i.project.reduction_removal ?? 'reduction')).reduce((sum, i) => sum + i.allocation.cost_usd, 0)
    expect(europeSpent).toBeGreaterThan(0)
    expect(europeRemovals / europeSpent).toBeGreaterThanOrEqual(0.6 - 1e-4)
  })

  it('says where one project takes most of the spend, and names it, and says nothing where the spend is spread', async () => {
    // Berkeley's $2.5M brief for health, water and gender from 2025 put 83% into one Kenyan cookstove programme, under
    // notes on caps relaxed and a method that calls the shortlist diversified, and nothing said it was most of it.
    const largestShare = (made: Recommendation) => {
      const costs = made.items.map((i) => i.allocation.cost_usd)
      const spent = costs.reduce((sum, c) => sum + c, 0)
      const i = costs.indexOf(Math.max(...costs))
      return { share: costs[i] / spent, item: made.items[i] }
    }
    const brief = { budget_usd: 2_500_000, vintage_min: 2025, co_benefits: ['health', 'water', 'gender_equality'] }
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    const { share, item } = largestShare(made)
    expect(share).toBeGreaterThan(0.5)
    expect(made.notes).toContain(
      `One project takes ${Math.round(share * 100)}% of the spend: ${item.project.name}, ${item.project.key}. Nothing caps a single project's share; a cap per project type or per country set in the brief holds, at the cost of spending less of the budget.`,
    )
    const spread = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000 } })).body)
    expect(largestShare(spread).share).toBeLessThanOrEqual(0.5)
    expect(spread.notes.filter((n) => n.startsWith('One project takes'))).toEqual([])
  })

  it('says why a brief buys nothing in sentences that read: a type none of whose projects delivers, a vintage none has, a share no project counts toward', async () => {
    const notesOf = async (brief: object) => recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    // Direct Air Capture is in the type filter, but its one project is in the pipeline: no budget would buy it.
    const listed = (await call(server.url, `/api/projects?type=${encodeURIComponent('Direct Air Capture')}&per_page=1`)).body.total as number
    expect(listed).toBeGreaterThan(0)
    const air = await notesOf({ type: 'Direct Air Capture', budget_usd: 100_000 })
    expect(air.items).toEqual([])
    expect(air.notes).toContain(
      `No project of type Direct Air Capture can deliver credits now, at any budget: the catalogue's ${listed === 1 ? '1 project of the type is' : `${listed} projects of the type are`} in the pipeline, inactive, or ${listed === 1 ? 'has' : 'have'} no credits left or no price. Another type would find some.`,
    )
    // Berkeley's release counts no vintage 2026: "is with credits of vintage 2026" read as a slip.
    const newest = await notesOf({ budget_usd: 100_000, vintage_min: 2026 })
    expect(newest.notes).toContain('No project with credits of vintage 2026 or later can deliver credits now at a price within the budget. An earlier minimum vintage would find some.')
    // Improved forest management in North America both reduces and removes: a removals' share buys none of it.
    const forests = await notesOf({ type: 'Improved Forest Management', region: 'North America', budget_usd: 2_000_000, vintage_min: 2021, min_removal_share: 0.3 })
    expect(forests.totals.allocated_usd).toBe(0)
    expect(forests.notes.find((n) => n.startsWith('No removal project matches the brief'))).toMatch(/^No removal project matches the brief \((\d+) of the \1 shortlisted are mixed: they reduce and remove at once, which the share does not count as removal\)/)
    expect(forests.notes.some((n) => n.startsWith('Part of the budget'))).toBe(false)
    expect(forests.notes.some((n) => n.startsWith('None of the budget is allocated'))).toBe(true)
  })

  it('says beside the grade what the published evidence on its kind counts against it, unless its CCP label answers it', async () => {
    // Berkeley's $1M wind brief in Southern Asia gave ten reasons of a grade and a price; the project pages say wind
    // showed no significant reductions.
    const wind = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 1_000_000, type: 'Wind', region: 'Southern Asia' } })).body)
    expect(wind.items.length).toBeGreaterThan(0)
    for (const item of wind.items) {
      expect(item.reasons).toContain('Evidence on Wind projects counts against it (over-crediting): no statistically significant reductions in a systematic review (Probst et al. 2024).')
    }
    const cookstoves = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 100_000, type: 'Cookstoves' } })).body)
    for (const item of cookstoves.items) {
      const against = item.reasons.filter((reason) => reason.startsWith('Evidence on'))
      if (item.reasons.includes('Approved under the ICVCM Core Carbon Principles (CCP).')) expect(against).toEqual([])
      else expect(against).toEqual(['Evidence on Cookstoves projects counts against it (over-crediting): 11% of credits real reductions in a systematic review (Probst et al. 2024); methodologies over-credit about tenfold (Gill-Wiehl et al. 2024).'])
    }
    // Landfill gas's evidence is for it: nothing is said against it.
    const landfill = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 100_000, type: 'Landfill Methane' } })).body)
    expect(landfill.items.flatMap((item) => item.reasons).filter((reason) => reason.startsWith('Evidence on'))).toEqual([])
  })

  it('buys vintages the brief allows, newest first, within what remains of each, from older projects too', async () => {
    const brief = { budget_usd: 1_000_000, vintage_min: 2020 }
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    expect(made.method.version).toBe('credence-rank/11')
    expect(made.items.length).toBeGreaterThan(5)
    for (const item of made.items) {
      const { vintages, tonnes, cost_usd } = item.allocation
      const facts = await project(server, item.project.key)
      const left = new Map(facts.credit_figures.by_vintage.map((v) => [v.vintage, v.remaining]))
      expect(vintages!.length, item.project.key).toBeGreaterThan(0)
      expect(vintages!.reduce((sum, v) => sum + v.tonnes, 0)).toBe(tonnes)
      expect(vintages!.reduce((sum, v) => sum + v.tonnes * v.price, 0)).toBeCloseTo(cost_usd, 2)
      const years = vintages!.map((v) => v.vintage)
      expect(years).toEqual([...years].sort((a, b) => b! - a!))
      // An older vintage is bought only once every newer one it sells is bought whole.
      for (const v of vintages!.slice(0, -1)) if (v.vintage !== null) expect(v.tonnes, `${item.project.key} ${v.vintage}`).toBe(Math.round(left.get(v.vintage)!))
      for (const v of vintages!) {
        expect(v.price).toBe(item.spot_price.value)
        if (v.vintage === null) {
          // Credits no source counts by vintage: each is of the project's first vintage or later.
          expect(facts.vintage!).toBeGreaterThanOrEqual(2020)
        } else {
          expect(v.vintage).toBeGreaterThanOrEqual(2020)
          expect(v.tonnes).toBeLessThanOrEqual(Math.round(left.get(v.vintage)!))
        }
      }
    }
    // Berkeley's remaining-by-vintage block of VCS2605 holds every vintage whole, as its totals say (none retired):
    // the vintages sum to the project's remaining.
    const izmir = await project(server, 'VCS2605')
    const remaining = izmir.credit_figures.by_vintage.reduce((sum, v) => sum + v.remaining, 0)
    expect(remaining).toBe(izmir.credit_figures.remaining.value)
    expect(remaining).toBeGreaterThan(2_000_000)
    // The minimum applies to the credits bought, not the first vintage: older projects issuing recent credits qualify.
    expect(made.items.some((item) => item.project.vintage !== null && item.project.vintage < 2020)).toBe(true)
  })

  it("says once, in the shortlist's notes, how old its data is and what to import, not on every item", async () => {
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000 } })).body)
    const said = made.notes.filter((note) => note.startsWith('The data behind this shortlist is as of Dec 31, 2025'))
    expect(said).toHaveLength(1)
    // Said as what newer data would do, not as an order: the note is printed for a committee, which imports nothing.
    expect(said[0]).toMatch(/months old\).*overdue for some of its projects: newer files \(.*\), imported on the Sources page, would bring it up to date\.$/)
    for (const item of made.items) expect(item.reasons.join(' ')).not.toMatch(/overdue/i)
  })

  it('speaks in its notes only of the projects the budget funds: a $10 brief buys one, and no cap nor source of the others is its', async () => {
    const sources = sourceList.parse((await call(server.url, '/api/sources')).body).data
    const idOf = new Map(sources.map((s) => [s.name, s.id]))
    for (const brief of [{ budget_usd: 10 }, { budget_usd: 50_000, vintage_min: 2020, min_removal_share: 1 }, { budget_usd: 250_000 }]) {
      const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
      expect(made.items.length, JSON.stringify(brief)).toBeGreaterThan(0)
      const held = new Set(made.items.flatMap((item) => [item.project.type, item.project.country]))
      for (const note of made.notes) {
        // "Left out … as Landfill Methane already held 4 of the 10 places": four landfills the $10 budget funded none of.
        const full = / as (.+?) already held \d+ of the \d+ places/.exec(note)
        if (full) expect(held.has(full[1]), `${JSON.stringify(brief)}: ${note}`).toBe(true)
        // "American Carbon Registry is overdue for some of its projects", of a shortlist of one project of Verra's.
        const overdue = /\); (.+) (?:is|are) overdue for some of its projects/.exec(note)
        for (const name of overdue ? overdue[1].split(/, | and /) : []) {
          expect(made.items.some((item) => item.project.sources?.includes(idOf.get(name)!)), `${JSON.stringify(brief)}: ${name}`).toBe(true)
        }
      }
      for (const left of (made.left_out ?? []).filter((p) => p.reason === 'diversify')) expect(made.notes.join(' '), left.key).toContain(left.key)
      // A default cap is named at its default, as the form and the caps applied say it: "the default cap per project
      // type (48.34%)" read beside a default of 40%, widened for whole tonnes a note before.
      for (const note of made.notes) {
        const named = /the default cap per (project type|country) \((\d+(?:\.\d+)?)%/.exec(note)
        if (named) expect(Number(named[2]) / 100, note).toBe(named[1] === 'country' ? defaultMaxSharePerCountry : defaultMaxSharePerType)
        // Held with a removals' share, the few removals cannot be split evenly, whatever the spend.
        if ('min_removal_share' in brief) expect(note, JSON.stringify(brief)).not.toContain('so small a spend')
        // Nor is a cap widened for whole tonnes that whole tonnes keep: at $21.30 a tonne of reforestation beside 10 t of
        // biochar and 2 t of concrete, 40% per type holds, where a tonne of each project held against it read 48.34%.
        if ('min_removal_share' in brief) expect(note, JSON.stringify(brief)).not.toMatch(/for whole tonnes|cannot keep every/)
      }
      if (brief.budget_usd === 10) expect(made.items).toHaveLength(1)
    }
  })

  it('spends a 100%-removals brief on removals, and says what binds when it cannot spend it all', async () => {
    const brief = { budget_usd: 250_000, region: 'Latin America and the Caribbean', vintage_min: 2020, co_benefits: ['biodiversity'], min_removal_share: 1 }
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    expect(made.totals.allocated_usd).toBeGreaterThanOrEqual(0.9 * brief.budget_usd)
    expect(made.items.length).toBeGreaterThan(0)
    for (const item of made.items) {
      expect(item.project.reduction_removal).not.toBe('reduction')
      expect(item.allocation.tonnes).toBeGreaterThan(0)
    }
    // Its ten places all go to removals (until 30 Nov 2026 four, and six reductions given nothing), all reforestation:
    // no type can be held to 40% of what one type takes, and the shortlist says so.
    expect(made.items).toHaveLength(10)
    expect(made.notes.some((note) => /spans only 1 project type, so no type could be held to 40% of the spend; each is held to 100% instead/.test(note))).toBe(true)

    // A cap the brief set itself is kept where the removals span several types, and said to bind, with what would
    // meet it; nothing is ranked at $0.
    const capped = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, min_removal_share: 1, max_share_per_type: 0.4 } })).body)
    // What it takes within the cap is what it allocates ("can take $0 within it" stood beside $2,105 allocated), and
    // the part left is said to be the caps', not the credits' of projects holding millions of tonnes.
    const spent = `$${Math.floor(capped.totals.allocated_usd).toLocaleString('en-US')}`
    // The cap as whole tonnes at these prices let it be held (40%, or a little above where they cannot keep it).
    const binds = capped.notes.find((note) => note.startsWith("The brief's cap per project type ("))
    expect(binds).toMatch(/^The brief's cap per project type \(40(\.\d+)?%\) binds/)
    expect(binds).toContain(`binds: the shortlisted projects can take ${spent} within it, where a cap of`)
    expect(capped.notes.join(' ')).toContain('what the brief asks of the shortlist together (its cap per project type and its removals\' share) holds it back')
    expect(capped.notes.join(' ')).not.toMatch(/hold only/)
    for (const item of capped.items) expect(item.allocation.tonnes).toBeGreaterThan(0)
  })

  it("weighs a removal's price against the removals that pass the brief, and a reduction's against every project", async () => {
    // A brief for at least 60% removals: biochar read "2700% above the median of matching projects ($5.00)", a median
    // of reductions mostly.
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 100_000, min_removal_share: 0.6 } })).body)
    const removals = made.items.filter((item) => item.project.reduction_removal !== 'reduction')
    const reductions = made.items.filter((item) => item.project.reduction_removal === 'reduction')
    expect(removals.length).toBeGreaterThan(0)
    expect(reductions.length).toBeGreaterThan(0)
    // Of its own kind where three or more of it pass: a forest's beside forests, not beside carbon-absorbing concrete.
    for (const item of removals) {
      const kind = item.project.reduction_removal === 'impermanent_removal' ? 'impermanent' : 'long-duration'
      expect(item.reasons.join(' '), item.project.key).toMatch(new RegExp(`the median of matching ${kind} removals( \\(\\$[\\d,.]+\\))?[.;]|too few ${kind} removals pass the brief`))
    }
    for (const item of reductions) expect(item.reasons.join(' '), item.project.key).toMatch(/the median of matching projects( \(\$[\d,.]+\))?[.;]/)
  })

  // Berkeley's removals with credits span three types worldwide: within a 40% type cap they fill nine places of ten.
  it('gives every place of a removals-only brief to a removal, and ranks its removals among removals', async () => {
    const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, min_removal_share: 1 } })).body)
    expect(made.items).toHaveLength(10)
    for (const item of made.items) {
      expect(item.project.reduction_removal, item.project.key).not.toBe('reduction')
      expect(item.allocation.tonnes, item.project.key).toBeGreaterThan(0)
    }
    // Its prices are weighed against the removals it can buy, not against the reductions it passes over.
    for (const item of made.items) expect(item.reasons.join(' '), item.project.key).toMatch(/the median of matching (impermanent|long-duration) removals( \(\$[\d,.]+\))?[.;]|too few (impermanent|long-duration) removals pass the brief/)
    // The best removal by score leads the shortlist on its own rank: the reductions above it were never in its way.
    expect(made.items[0].reasons.join(' ')).not.toMatch(/Brought into the shortlist/)
    expect(made.left_out?.length).toBeGreaterThan(0)
    for (const left of made.left_out ?? []) expect(left.reason, left.key).toBe('removals')
    expect(made.notes.join(' ')).not.toMatch(/Not ranked/)
  })

  it('buys nature-based projects only for a nature brief, technology-based only for a technology one', async () => {
    const nature = new Set(['Forestry & Land Use', 'Agriculture'])
    for (const approach of ['nature', 'technology'] as const) {
      const made = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, approach } })).body)
      expect(made.brief.approach).toBe(approach)
      expect(made.items.length).toBeGreaterThan(3)
      for (const item of made.items) {
        const { scope } = await project(server, item.project.key)
        expect(nature.has(scope), `${item.project.key} (${scope}) in a ${approach} brief`).toBe(approach === 'nature')
      }
    }
    const refused = await call(server.url, '/api/recommendations', { json: { budget_usd: 250_000, approach: 'ocean' } })
    expect(refused.status).toBe(422)
    expect(refused.body.errors[0]).toMatchObject({ path: 'approach' })
  })

  it("takes a buyer's quotes file: a live quote prices its project and caps what is bought, an expired one does not count", async () => {
    const brief = { budget_usd: 1_000_000 }
    const before = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    const [first, second] = before.items
    expect(first.spot_price.basis).toBe('estimate')
    const quoted = Math.round(first.spot_price.value * 50) / 100
    const csv = [
      'Project_Key,Vintage,Price_USD,Quantity,Supplier,Valid_Until',
      `${first.project.key.toLowerCase()},2022,$${quoted},1000,Acme Carbon,2099-12-31`,
      `${second.project.key},2021,1.00,500,Old Broker,2020-01-01`,
      'NOPE999,2022,4.00,10,Nobody,2099-12-31',
      `${second.project.key},2021,abc,10,Bad Row,2099-12-31`,
    ].join('\r\n')
    const file = await upload(server, 'quotes.csv', new TextEncoder().encode(csv))
    const run = await runToEnd(server, { source: 'src_marketsource', file_id: file.body.id })
    expect(run).toMatchObject({ state: 'succeeded', counts: { created: 2, skipped: 2 } })
    expect(run.skipped_rows.map((r) => [r.file, r.row])).toEqual([['quotes.csv', 4], ['quotes.csv', 5]])
    expect(run.skipped_rows[0].reason).toMatch(/NOPE999 is not a project/)
    expect(run.skipped_rows[1].reason).toMatch(/price_usd "abc"/)

    const keys = `${first.project.key},${second.project.key}`
    const prices = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys}`)).body).data
    expect(prices[0]).toMatchObject({ basis: 'quote', value: quoted, low: null, high: null, simulated: false, quote: { vintage: 2022, quantity: 1000, supplier: 'Acme Carbon', valid_until: '2099-12-31' } })
    // The expired quote never counts: the second project keeps its estimate.
    expect(prices[1]).toMatchObject({ basis: 'estimate', value: second.spot_price.value, quote: null })

    const after = recommendation.parse((await call(server.url, '/api/recommendations', { json: brief })).body)
    const bought = after.items.find((item) => item.project.key === first.project.key)!
    expect(bought.spot_price).toMatchObject({ basis: 'quote', value: quoted })
    expect(bought.allocation.tonnes).toBeGreaterThan(0)
    expect(bought.allocation.tonnes).toBeLessThanOrEqual(1000)
    // A quote sells its vintage: that is all the allocation buys of the project.
    expect(bought.allocation.vintages).toEqual([{ vintage: 2022, tonnes: bought.allocation.tonnes, price: quoted }])
    expect(bought.project.credits_remaining).toBe(first.project.credits_remaining)

    // A newer quotes file replaces the one before it: the first project is estimated again.
    const next = await upload(server, 'quotes-2.csv', new TextEncoder().encode(`project_key,vintage,price_usd,quantity,supplier,valid_until\n${second.project.key},,2.50,,,`))
    expect((await runToEnd(server, { source: 'src_marketsource', file_id: next.body.id })).state).toBe('succeeded')
    const replaced = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys}`)).body).data
    expect(replaced.map((p) => [p.basis, p.value])).toEqual([['estimate', first.spot_price.value], ['quote', 2.5]])

    // A file of another shape fails naming the columns it expected, and changes nothing.
    const wrong = await upload(server, 'not-quotes.csv', new TextEncoder().encode('key,price\nVCS934,3'))
    const failed = await runToEnd(server, { source: 'src_marketsource', file_id: wrong.body.id })
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'file_not_quotes' } })
    expect(failed.error!.message).toMatch(/expected the columns project_key, vintage, price_usd, quantity, supplier, valid_until/)
    const unchanged = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${second.project.key}`)).body).data
    expect(unchanged[0]).toMatchObject({ basis: 'quote', value: 2.5 })
  })

  it('refuses a registry run with 409, and the registry never changes a real project', async () => {
    const before = await project(server, 'VCS934')
    const refused = await call(server.url, '/api/source-runs', { json: { source: 'src_puro' } })
    expect(refused.status).toBe(409)
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/)
    expect(refused.body.type).toMatch(/\/not-connected$/)
    expect(refused.body.detail).toMatch(/not connected.*src_vrod/s)
    const puro = sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.id === 'src_puro')!
    expect(puro).toMatchObject({ connected: false, accepts_files: false, simulated: false })
    expect((await project(server, 'VCS934')).credits).toEqual(before.credits)
  })

  it('fails the run of a file that is not what it claims, with what was wrong, and changes nothing', async () => {
    const before = await project(server, 'VCS934')
    const book = workbookOf(fileRows.slice(0, 5), columns)
    const noHeader = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(noHeader, XLSX.utils.aoa_to_sheet([['Key', 'Title'], ['VCS934', 'Not a project']]), 'Sheet1')
    const cases: [string, Uint8Array, RegExp][] = [
      ['random.xlsx', crypto.getRandomValues(new Uint8Array(50_000)), /random\.xlsx: .*(zip|workbook)/],
      // Not a parquet file at all read "not a readable parquet file (parquet file invalid (footer != PAR1))".
      ['random.parquet', crypto.getRandomValues(new Uint8Array(50_000)), /random\.parquet: it is not a readable parquet file: it does not begin as one, .* Check it is the file you meant\.$/],
      // Berkeley's file cut in half read "not a readable parquet file (parquet file invalid (footer != PAR1))".
      ['half.parquet', new Uint8Array(readFileSync(berkeleyFile)).subarray(0, 400_000), /half\.parquet: the parquet file is cut short: .* Upload the whole file again\.$/],
      ['random.csv', crypto.getRandomValues(new Uint8Array(50_000)), /neither a parquet file, a workbook nor UTF-8 CSV/],
      ['other.csv', new TextEncoder().encode('key,title,tonnes\nVCS934,Not it,1\n'), /no "Project ID", "Project Name", "Voluntary Registry" column/],
      ['no-header.xlsx', new Uint8Array(XLSX.write(noHeader, { type: 'buffer', bookType: 'xlsx' })), /no sheet of the workbook has a header row/],
      ['bomb.xlsx', declaredBomb(book, 0x7fffffff), /expand to more than \d+ MiB/],
    ]
    for (const [name, bytes, message] of cases) {
      const file = await upload(server, name, bytes)
      expect(file.status, name).toBe(201)
      const run = await runToEnd(server, { source: 'src_vrod', file_id: file.body.id })
      expect(run.state, name).toBe('failed')
      expect(run.error?.code, name).toBe('file_not_vrod')
      expect(run.error?.message, name).toMatch(message)
    }
    expect(await projectCount(server)).toBe(10_975)
    expect(await project(server, 'VCS934')).toEqual(before)
  }, 240_000)

  it('refuses an upload over 64 MiB with 413 while it streams in', async () => {
    const declared = await postDeclared(server, 'big.parquet', 64 * 1024 * 1024 + 1)
    expect(declared).toBe(413)
    // Without a declared length the limit is checked on the bytes as they arrive.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 65; i++) controller.enqueue(new Uint8Array(1024 * 1024))
        controller.close()
      },
    })
    const streamed = await fetch(`${server.url}/api/files?name=big.parquet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.live}` },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(streamed.headers.get('connection')).toBe('close')
    expect(await projectCount(server)).toBe(10_975)
  }, 120_000)

  it('imports the real parquet uploaded over HTTP, as of its release', async () => {
    const file = await uploadMultipart(server, 'Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet', readFileSync(berkeleyFile))
    expect(file.status).toBe(201)
    const described = uploadedFile.parse(file.body)
    expect(described.bytes).toBe(2_438_258)
    expect(uploadedFile.parse((await call(server.url, `/api/files/${described.id}`)).body)).toEqual(described)
    const run = await runToEnd(server, { source: 'src_vrod', file_id: described.id })
    expect(run).toMatchObject({ state: 'succeeded', as_of: releaseAsOf, as_of_basis: 'file_name', file: { id: described.id } })
    expect(run.counts).toMatchObject({ created: 0, unchanged: 10_975 })
    expect(await projectCount(server)).toBe(10_975)
  }, 240_000)

  it('imports a workbook built from the file\'s rows, finding the projects sheet below its title row', async () => {
    const rows = fileRows.filter((r) => ['VCS934', 'CAR101'].includes(r['Project ID'] as string) || fileRows.indexOf(r) < 200)
    const file = await upload(server, 'Voluntary-Registry-Offsets-Database--v2024-06.xlsx', workbookOf(rows, columns))
    expect(file.status).toBe(201)
    const run = await runToEnd(server, { source: 'src_vrod', file_id: file.body.id })
    expect(run.error).toBeNull()
    // The as-of date follows the release the file name states: v2024-06 → 2024-06-30.
    expect(run).toMatchObject({ state: 'succeeded', as_of: '2024-06-30T00:00:00.000Z', as_of_basis: 'file_name' })
    expect(run.counts.created + run.counts.updated + run.counts.unchanged).toBe(rows.length)
    const car101 = await project(server, 'CAR101')
    expect(car101.updated_at).toBe('2024-06-30T00:00:00.000Z')
    expect(car101.credit_history.years).toEqual(historyInFile('CAR101'))
    expect(car101.credits.issued).toBe(Number(rowOf('CAR101')['Total Credits \nIssued']))
  }, 240_000)

  it("dates the catalogue and Berkeley's source by what their projects hold: an older partial release moves neither, nor a buyer's quotes, and a guessed date is corrected by the next import", async () => {
    const dated = async () => ({
      catalogue: catalogue.parse((await call(server.url, '/api/catalogue')).body).as_of,
      source: sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.id === 'src_vrod')!.last_success_at,
    })
    // The workbook of v2024-06 above re-dated its 202 projects; the other 10,773 are still as of the release. The
    // buyer's quotes file above is dated today: its prices' date, not the facts'.
    expect(await dated()).toEqual({ catalogue: releaseAsOf, source: releaseAsOf })

    // A file whose name, contents and request give no date is dated by its upload, and says so.
    const rows = fileRows.slice(0, 50)
    const file = await upload(server, 'projects.xlsx', workbookOf(rows, columns))
    const guessed = await runToEnd(server, { source: 'src_vrod', file_id: file.body.id })
    expect(guessed).toMatchObject({ state: 'succeeded', as_of_basis: 'file_date' })
    expect(Date.parse(guessed.as_of!)).toBeGreaterThan(Date.parse(releaseAsOf))
    expect(await dated()).toEqual({ catalogue: guessed.as_of, source: guessed.as_of })

    // Imported again as of its release, every project it dated is back on the release, and so are the two.
    const corrected = await runToEnd(server, { source: 'src_vrod', file_id: file.body.id, as_of: releaseAsOf.slice(0, 10) })
    expect(corrected).toMatchObject({ state: 'succeeded', as_of: releaseAsOf, as_of_basis: 'requested' })
    expect((await project(server, rows[0]['Project ID'] as string)).updated_at).toBe(releaseAsOf)
    expect(await dated()).toEqual({ catalogue: releaseAsOf, source: releaseAsOf })
  }, 120_000)

  it('keeps a sandbox upload to the sandbox key, and its run changes nothing live', async () => {
    const file = await upload(server, 'sandbox.parquet', readFileSync(berkeleyFile), tokens.sandbox)
    expect(file.status).toBe(201)
    expect((await call(server.url, `/api/files/${file.body.id}`, { token: tokens.sandbox })).status).toBe(200)
    expect((await call(server.url, `/api/files/${file.body.id}`)).status).toBe(404)
    expect((await call(server.url, '/api/source-runs', { json: { source: 'src_vrod', file_id: file.body.id } })).status).toBe(422)
    // A name that states no release: the as-of date asked for dates it, not the day of its upload.
    const run = await runToEnd(server, { source: 'src_vrod', file_id: file.body.id, as_of: '2025-12-31' }, tokens.sandbox)
    expect(run).toMatchObject({ state: 'succeeded', simulated: true, as_of: releaseAsOf, as_of_basis: 'requested' })
    const sandbox = catalogue.parse((await call(server.url, '/api/catalogue', { token: tokens.sandbox })).body)
    expect(sandbox.synthetic_projects).toBe(sandbox.projects)
  }, 240_000)
})
