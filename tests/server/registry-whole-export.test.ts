import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { promisify } from 'node:util'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage } from '../../src/api/contract/credits'
import { appliesTo, coverageMatrix } from '../../src/api/contract/coverage'
import { projectFacets } from '../../src/api/contract/facets'
import { priceBatch } from '../../src/api/contract/prices'
import { projectDetail, projectPage, type ProjectDetail } from '../../src/api/contract/projects'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { labelNames } from '../../src/api/contract/vocabulary'
import { priceBandFor } from '../../src/server/pricing/bands'
import { berkeleyRegions, countryNamed } from '../../src/server/importers/vocabulary/country-names'
import { listingVocabulary } from '../../src/server/importers/vocabulary/listing-vocabulary'
import { durableRemovalTypes, isVocabularyType, typeIdentity } from '../../src/server/importers/vocabulary/types'
import { runToEnd, uploadFile } from '../support/source-runs'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens } from '../support/http'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

/**
 * An analyst downloads a registry's whole export and gives Credence every file of it at once: one run per
 * registry reads them all, and the projects the registry lists that Berkeley's release lacks become projects. One
 * catalogue, one vocabulary: what the registries list then speaks Credence's types, regions and countries, is rated
 * by the open rules, and durable removals are priced in their own bands.
 */
const registries = resolve('../shared/data/registries')
const haveData = existsSync(registries) && existsSync(berkeleyFile)

type Row = Record<string, string>

/** Each registry's folder, the source that imports it, and a listing's key as Credence writes it. */
const exports: readonly (readonly [folder: string, source: string, connector: string, keyOf: (listing: Row) => string])[] = [
  ['verra', 'src_verra', 'verra', (r) => `VCS${r.ID}`],
  ['gold-standard', 'src_gold_standard', 'gold-standard', (r) => `GS${r.GSID}`],
  ['american-carbon-registry', 'src_acr', 'acr', (r) => r['Project ID']],
  ['climate-action-reserve', 'src_car', 'car', (r) => r['Project ID']],
  ['art-trees', 'src_art', 'art-trees', (r) => r['Program ID']],
  ['isometric', 'src_isometric', 'isometric', (r) => `ISO${r.short_code.toUpperCase()}`],
  ['cercarbono', 'src_cercarbono', 'cercarbono', (r) => `CCB${Number(r.id)}`],
]

/** The registries whose projects export lists UN SDGs, and the column it lists them in. */
const sdgColumns: readonly (readonly [folder: string, column: string])[] = [
  ['gold-standard', 'Sustainable Development Goals'],
  ['american-carbon-registry', 'Sustainable Development Goal(s)'],
  ['climate-action-reserve', 'SDG Impact'],
]

const filesOf = (folder: string) => readdirSync(resolve(registries, folder)).filter((name) => name.endsWith('.csv')).sort()
const rowsOf = (folder: string, name: string) =>
  Papa.parse<Row>(readFileSync(resolve(registries, folder, name), 'utf8'), { header: true, skipEmptyLines: true }).data

const serialOf = (row: Row) => row['Credit Serial Numbers'] ?? row['Offset Credit Serial Numbers']

/**
 * The cancellations of a conversion's compliance buffer share, as ACR's and the Reserve's files write them: ACR's from
 * its own account; the Reserve's the smaller batch, under a quarter of the two, numbered right after a batch of the
 * same project, vintage, day and reduction or removal.
 */
function bufferShares(folder: string, quantity: string): Row[] {
  const rows = rowsOf(folder, 'cancellations.csv')
  if (folder === 'american-carbon-registry') return rows.filter((row) => row['Account Holder'] === 'ACR')
  const batchOf = (row: Row) => /^(.*)-(\d+)-\d+ to \d+$/.exec(serialOf(row))!
  const amount = (row: Row) => Number(row[quantity].replace(/,/g, ''))
  return rows.filter((share) =>
    rows.some((project) => {
      const [a, b] = [batchOf(project), batchOf(share)]
      const alike = ['Project ID', 'Vintage', 'Status Effective', 'Reduction/Removal'].every((column) => project[column] === share[column])
      return alike && a[1] === b[1] && Number(b[2]) === Number(a[2]) + 1 && amount(share) < amount(project) && amount(share) <= (amount(share) + amount(project)) / 4
    }),
  )
}

let server: ApiServer

const upload = (name: string, bytes: Uint8Array) => uploadFile(server.url, name, bytes)
const runOf = (request: object) => runToEnd(server.url, request)

const isProject = async (key: string) => (await call(server.url, `/api/projects/${key}`)).status === 200
const detail = async (key: string) => {
  const answer = await call(server.url, `/api/projects/${key}`)
  return answer.status === 200 ? projectDetail.parse(answer.body) : null
}

/** Each export's run. */
const runs = new Map<string, SourceRun>()
/** The listings each export made projects of: those Berkeley's release does not hold. */
const newListings = new Map<string, ProjectDetail[]>()
/** CAR2251 as Berkeley's file alone gives it, before any registry's export. */
let seededCar2251: ProjectDetail

describe.skipIf(!haveData)("every registry's whole export, every file of it dropped at once, on top of Berkeley's file", () => {
  beforeAll(async () => {
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: seededFromBerkeley,
    })
    seededCar2251 = (await detail('CAR2251'))!
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
  })

  it.each(exports)('imports every file of %s in one run of %s; its new listings are projects afterwards', async (folder, source, _connector, keyOf) => {
    const names = filesOf(folder)
    expect(names).toContain('projects.csv')
    const listed = rowsOf(folder, 'projects.csv').map(keyOf)
    const unknown: string[] = []
    for (const key of listed) if (!(await isProject(key))) unknown.push(key)

    const fileIds: string[] = []
    for (const name of names) fileIds.push(await upload(name, readFileSync(resolve(registries, folder, name))))
    const run = await runOf({ source, file_ids: fileIds })
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')
    expect(run.files.map((file) => file.name)).toEqual(names)
    // Cercarbono lists its own test listings ("-", owned by "Pruebas 1", no sector, no stage): each skipped and named.
    const placeholders = folder === 'cercarbono' ? rowsOf(folder, 'projects.csv').filter((r) => r.name.trim() === '-' && r.sector === '[]') : []
    expect(run.counts.skipped).toBe(placeholders.length)
    expect(run.skipped_rows.map((s) => s.reason)).toEqual(placeholders.map(() => 'a placeholder listing, not a project: named "-", with no sector and no stage'))
    if (folder === 'cercarbono') expect(placeholders).toHaveLength(7)
    // The run's account of its rows reconciles with its counts, as the contract says, whatever a row gave.
    const { read, projects, records } = run.counts_by_kind!
    const counted = (c: { created: number; updated: number; unchanged: number } | undefined) => (c ? c.created + c.updated + c.unchanged : 0)
    expect(read!.rows, folder).toBe(counted(projects) + counted(records) + read!.joined_rows + read!.repeated_records + read!.outside_run + run.counts.skipped - (read!.paired_rows ?? 0))
    // A run that paired rows says why, as its formats do; one that paired none gives no reason.
    expect((read!.paired_because ?? []).length > 0, folder).toBe((read!.paired_rows ?? 0) > 0)
    if (folder === 'cercarbono') expect(read!.paired_because).toEqual(["of the serials a project's listing gives, buffer batches among them"])
    runs.set(folder, run)

    const made: ProjectDetail[] = []
    const missing: string[] = []
    for (const key of unknown) {
      if (placeholders.some((r) => keyOf(r) === key)) {
        expect(await isProject(key), key).toBe(false)
        continue
      }
      const project = await detail(key)
      if (project) made.push(project)
      else missing.push(key)
    }
    expect(missing).toEqual([])
    newListings.set(folder, made)
  }, 180_000)

  describe("in Credence's vocabulary, once every export is in", () => {
    it('offers only types of the vocabulary, none twice by case or punctuation, and lists what no rule maps', async () => {
      const facets = projectFacets.parse((await call(server.url, '/api/projects/facets')).body)
      const types = facets.facets.type.map((t) => t.value)
      expect(types.filter((type) => !isVocabularyType(type))).toEqual([])
      const identities = types.map(typeIdentity)
      expect(new Set(identities).size).toBe(identities.length)
      // What no rule maps, as the registries word it: typed Unknown, its words kept.
      const unmapped = [...newListings].flatMap(([folder, made]) => made.filter((p) => p.type === 'Unknown').map((p) => `${folder} ${p.key}: type "${p.type_as_published ?? ''}", methodology "${p.methodology ?? ''}"`))
      console.log(`New listings no rule maps (${unmapped.length}):\n${unmapped.join('\n')}`)
      for (const [folder, made] of newListings) {
        const count = made.filter((p) => p.type === 'Unknown').length
        expect(runs.get(folder)!.counts_by_kind?.unmapped?.types ?? 0, folder).toBe(count)
      }
      // Isometric's and ACR's listings all map; the removal registries' pathways each to a durable type of its own.
      expect(newListings.get('isometric')!.filter((p) => p.type === 'Unknown')).toEqual([])
      expect(newListings.get('american-carbon-registry')!.filter((p) => p.type === 'Unknown')).toEqual([])
      // Cercarbono names Colombia's dams in Spanish: all seven are hydropower, under ACM0002 and AMS-I.D. alike.
      const dams = newListings.get('cercarbono')!.filter((p) => /hidroel[ée]ctric/i.test(p.name))
      expect(dams.map((p) => `${p.key} ${p.type}`)).toEqual(dams.map((p) => `${p.key} Hydropower`))
      expect(dams).toHaveLength(7)
    })

    it("keeps each registry's own type words beside the type it maps to", () => {
      for (const made of newListings.values()) {
        for (const project of made) if (project.type_as_published !== null) expect(project.type_as_published).not.toBe(project.type)
      }
      const cercarbono = newListings.get('cercarbono')!.find((p) => p.type === 'Afforestation/Reforestation')!
      expect(cercarbono.type_as_published).toMatch(/^Land use \(AFOLU\)/)
    })

    it("files every project under one of Berkeley's regions, from its country, and Unknown only where the country is", async () => {
      const facets = projectFacets.parse((await call(server.url, '/api/projects/facets')).body)
      const regions = new Set([...berkeleyRegions, 'Unknown'])
      expect(facets.facets.region.map((r) => r.value).filter((region) => !regions.has(region))).toEqual([])
      for (const made of newListings.values()) {
        for (const project of made) {
          const country = countryNamed(project.country)
          if (project.region === 'Unknown') expect(country, `${project.key} in ${project.country}`).toBeUndefined()
          else expect(country?.name, project.key).toBe(project.country)
        }
      }
      // Verra lists ISO01P4-like projects in the USA under "North America", its others under "Asia", "Africa": never kept.
      const verra = newListings.get('verra')!
      expect(verra.some((p) => p.region === 'Southern Asia')).toBe(true)
      expect(verra.filter((p) => ['Asia', 'Africa', 'Latin America', 'Middle East'].includes(p.region))).toEqual([])
    })

    it('rates every new listing of a known type by the open rules, from its facts and the issuances its records make', () => {
      const unrated = [...newListings.values()].flat().filter((p) => p.type !== 'Unknown' && p.quality.score === null)
      expect(unrated.map((p) => p.key)).toEqual([])
      // A listing whose records issue credits has its monitoring dated by them, as Berkeley's projects have by their series.
      const issuing = [...newListings.values()].flat().filter((p) => p.credits.issued > 0)
      expect(issuing.length).toBeGreaterThan(0)
      for (const project of issuing) {
        const mrv = project.quality_breakdown.signals.find((s) => s.key === 'mrv')
        expect(mrv?.facts.some((f) => f.name === 'last issuance'), project.key).toBe(true)
      }
    })

    // The sources page says Gold Standard's source brings "the UN SDGs they list"; every new listing read none.
    it('keeps the UN SDGs each registry lists for its new listings, and credits the co-benefits they stand for', () => {
      let listed = 0
      for (const [folder, column] of sdgColumns) {
        const keyOf = exports.find(([name]) => name === folder)![3]
        const listings = new Map(rowsOf(folder, 'projects.csv').map((row) => [keyOf(row).toUpperCase(), row[column]]))
        for (const project of newListings.get(folder)!) {
          const written = listings.get(project.key.toUpperCase()) ?? ''
          // Each goal as the file writes it: its number before a comma (Gold Standard), a colon (ACR) or a full stop.
          const goals = [...new Set([...written.matchAll(/(?:^|[;,])\s*0*(\d{1,2})(?=\s*(?:[:.,;]|$))/g)].map((m) => Number(m[1])))].sort((a, b) => a - b)
          expect(project.sdgs, `${folder} ${project.key}`).toEqual(goals)
          for (const goal of goals) expect(project.co_benefits, `${folder} ${project.key}`).toContain(`sdg_${goal}`)
          listed += goals.length > 0 ? 1 : 0
        }
      }
      expect(listed).toBeGreaterThan(40)
      // Gold Standard's household water filters in Haiti list goals 3, 4, 5, 6, 8 and 13: health, gender equality, water.
      const filters = newListings.get('gold-standard')!.find((p) => p.key === 'GS23574')!
      expect(filters.sdgs).toEqual([3, 4, 5, 6, 8, 13])
      expect(filters.co_benefits).toEqual(expect.arrayContaining(['health', 'gender_equality', 'water', 'sdg_13']))
      // Goal 13, Climate Action, is what every credit claims: no sign of adaptation. 46 of the 50 listings give it, a
      // wind farm among them.
      const wind = newListings.get('gold-standard')!.find((p) => p.key === 'GS13194')!
      expect(wind).toMatchObject({ type: 'Wind', sdgs: [4, 7, 8, 13] })
      for (const project of [filters, wind]) expect(project.co_benefits, project.key).not.toContain('climate_adaptation')
    })

    // Berkeley's file gives most of ACR's and the Reserve's projects no UN SDGs; their registries' listings do. ACR586's
    // page said "Co-benefits: None known" and its rating "No co-benefit certification or SDG listing", where ACR's
    // listing gives it five goals.
    it("gives a project Berkeley's file holds the UN SDGs its registry lists, on its page, in the browser and in its rating", async () => {
      let known = 0
      for (const [folder, column] of sdgColumns) {
        const keyOf = exports.find(([name]) => name === folder)![3]
        const made = new Set(newListings.get(folder)!.map((p) => p.key.toUpperCase()))
        for (const row of rowsOf(folder, 'projects.csv')) {
          const key = keyOf(row).toUpperCase()
          const goals = [...new Set([...row[column].matchAll(/(?:^|[;,])\s*0*(\d{1,2})(?=\s*(?:[:.,;]|$))/g)].map((m) => Number(m[1])))]
          if (made.has(key) || goals.length === 0) continue
          const project = await detail(key)
          if (!project) continue
          known++
          expect(project.sdgs, key).toEqual(expect.arrayContaining(goals))
          expect(project.sdgs, key).toEqual([...project.sdgs].sort((a, b) => a - b))
          for (const goal of goals) expect(project.co_benefits, key).toContain(`sdg_${goal}`)
          const signal = project.quality_breakdown.signals.find((s) => s.key === 'co_benefits')!
          expect(signal.evidence.toLowerCase(), key).toContain(`lists un sdgs ${project.sdgs.join(', ')}`)
        }
      }
      expect(known).toBeGreaterThan(40)
      const acr586 = (await detail('ACR586'))!
      expect(acr586.sdgs).toEqual([3, 6, 9, 13, 15])
      expect(acr586.co_benefits).toEqual(expect.arrayContaining(['sdg_3', 'sdg_6', 'sdg_9', 'sdg_13', 'sdg_15']))
      // The browser and a brief read the catalogue: a filter by one of its goals finds it.
      const byGoal = projectPage.parse((await call(server.url, '/api/projects?co_benefit=sdg_15&registry=ACR&per_page=100')).body)
      expect(byGoal.data.map((p) => p.key)).toContain('ACR586')
      expect(byGoal.data.find((p) => p.key === 'ACR586')!.co_benefits).toEqual(acr586.co_benefits)
    })

    it('labels the co-benefits and regions the facets offer by their words: a goal by its title, Europe by its parts', async () => {
      // The brief form offered "UN SDG 13 (37)" beside "Climate adaptation": a buyer knows the goal, not its number.
      const facets = projectFacets.parse((await call(server.url, '/api/projects/facets')).body)
      const coBenefits = new Map(facets.facets.co_benefit.map((facet) => [facet.value, facet.label]))
      expect(coBenefits.get('sdg_13')).toBe('UN SDG 13: Climate Action')
      expect(coBenefits.get('sdg_6')).toBe('UN SDG 6: Clean Water and Sanitation')
      expect(coBenefits.get('community')).toBe('Community and livelihoods')
      expect(facets.facets.co_benefit.every((facet) => facet.label !== undefined && facet.label !== facet.value)).toBe(true)
      const regions = new Map(facets.facets.region.map((facet) => [facet.value, facet.label]))
      expect(regions.get('Europe')).toBe('Europe (Northern, Southern, Western)')
      expect(regions.get('Eastern Europe')).toBeUndefined()
      // A value that reads as it is written carries none.
      expect(facets.facets.type.every((facet) => facet.label === undefined)).toBe(true)
    })

    it("names where a registry's records with no day come to more than Berkeley counts, as Gold Standard's cancellations of GS12875", async () => {
      // Gold Standard's retirements file writes six cancellations with no retirement date; three are of GS12875, of
      // which Berkeley's release counts nothing issued or retired.
      const undated = rowsOf('gold-standard', 'retirements.csv').filter((row) => row.GSID === '12875' && row['Retirement Date'] === '')
      expect(undated).toHaveLength(3)
      const quantity = undated.reduce((sum, row) => sum + Number(row.Quantity), 0)
      const figures = (await detail('GS12875'))!.credit_figures
      expect(figures.retired.value).toBe(0)
      expect(figures.disagreements).toEqual([
        expect.objectContaining({
          kind: 'undated_records_exceed_count',
          figures: [
            { source: 'src_vrod', says: 'retired or cancelled in all', value: 0 },
            { source: 'src_gold_standard', says: 'retired or cancelled with no day', value: quantity },
          ],
        }),
      ])
      // Every other undated row is named too, by its vintage where the count retires more in all: GS11551's 334,563 of
      // vintage 2024, a vintage Berkeley counts nothing of (909,903 retired in all), was named nowhere.
      const others = rowsOf('gold-standard', 'retirements.csv').filter((row) => row.GSID !== '12875' && row['Retirement Date'] === '')
      expect(others.length).toBeGreaterThan(0)
      for (const row of others) {
        const named = (await detail(`GS${row.GSID}`))!.credit_figures.disagreements.filter((d) => d.kind === 'undated_records_exceed_count')
        expect(named.length, row.GSID).toBeGreaterThan(0)
      }
      const gs11551 = (await detail('GS11551'))!.credit_figures.disagreements.find((d) => d.kind === 'undated_records_exceed_count')!
      expect(gs11551).toMatchObject({
        vintage: 2024,
        figures: [
          { source: 'src_vrod', says: 'retired or cancelled of vintage 2024', value: 0 },
          { source: 'src_gold_standard', says: 'retired or cancelled of vintage 2024 with no day', value: 334_563 },
        ],
      })
    })

    it("counts Cercarbono's buffer batches as each project's buffer, never as issued or remaining, as its files add up", async () => {
      // Per project, from the files: issued not into the buffer, into it, and retired.
      const byProject = new Map<number, { issued: number; buffer: number; retired: number }>()
      const of = (id: number) => byProject.get(id) ?? byProject.set(id, { issued: 0, buffer: 0, retired: 0 }).get(id)!
      // Each serial once, from the issuances file and from the serials each project lists (the file holds 100 of them).
      const serials = new Map<string, { project: number; quantity: number; buffer: boolean }>()
      for (const row of rowsOf('cercarbono', 'issuances.csv')) serials.set(row.serial, { project: Number(row.serial.split('_')[1]), quantity: Number(row.issued_quantity), buffer: row.is_buffer === 'True' })
      for (const row of rowsOf('cercarbono', 'projects.csv')) {
        for (const [, serial, quantity, buffer] of row.serials.matchAll(/'serial': '([^']+)', 'issued_quantity': ([\d.]+),[^}]*?'is_buffer': (True|False)/g)) {
          serials.set(serial, { project: Number(row.id), quantity: Number(quantity), buffer: buffer === 'True' })
        }
      }
      expect(serials.size).toBeGreaterThan(800)
      for (const { project, quantity, buffer } of serials.values()) {
        if (buffer) of(project).buffer += quantity
        else of(project).issued += quantity
      }
      for (const row of rowsOf('cercarbono', 'retirements.csv')) of(Number(row.project_id)).retired += Number(row.quantity)
      const buffered = [...byProject].filter(([, e]) => e.buffer > 0)
      expect(buffered.length).toBeGreaterThan(5)
      for (const [id, expected] of buffered) {
        const project = (await detail(`CCB${id}`))!
        expect({ key: project.key, ...project.credits }, `CCB${id}`).toEqual({
          key: `CCB${id}`,
          issued: expected.issued,
          retired: expected.retired,
          remaining: Math.max(0, expected.issued - expected.retired),
          buffer: expected.buffer,
        })
      }
      // CCB2's 1,679 "remaining" were its buffer batch: now none remains, and the issued figure says where they went.
      expect((await detail('CCB2'))!.credit_figures.issued.text).toMatch(/issues 1,679 into its buffer pool \(1 record\)/)
      // CCB16, Porce III, registered: issued 12,649,577 in 11 batches its listing gives and the issuances file does not.
      expect((await detail('CCB16'))!.credits).toMatchObject({ issued: 12_649_577 })
    })

    it("places Isometric's projects by their own country, never their supplier's", async () => {
      const listings = rowsOf('isometric', 'projects.csv')
      for (const key of ['3YMF', 'A1JE']) {
        const listing = listings.find((r) => r.short_code === key)!
        expect(listing['location.country_name']).toBe('')
        const project = (await detail(`ISO${key}`))!
        expect(project.country, key).toBe(countryNamed(listing.country_code)!.name)
      }
      // A Brazilian project whose supplier sits in Germany is in Brazil.
      const abroad = listings.find((r) => r['location.country_name'] === 'Brazil' && r['supplier.location.country_name'] === 'Germany')!
      expect((await detail(`ISO${abroad.short_code}`))!.country).toBe('Brazil')
    })

    it("gives a new listing the first vintage its records issue, on its page and in the browser's filter", async () => {
      // Cercarbono states no first vintage; CCB10's records issue vintages 2018 to 2022, and a filter of 2018 or
      // later left it out ("First vintage —").
      const vintages = rowsOf('cercarbono', 'issuances.csv').filter((r) => Number(r.serial.split('_')[1]) === 10).map((r) => Number(r.year))
      const first = Math.min(...vintages)
      expect((await detail('CCB10'))!.vintage).toBe(first)
      const listed = await call(server.url, `/api/projects?registry=CCB&vintage_min=${first}&per_page=200`)
      expect((listed.body as { data: { key: string; vintage: number | null }[] }).data).toContainEqual(expect.objectContaining({ key: 'CCB10', vintage: first }))
    })

    it('prices durable removals in their own bands, never like avoidance credits', async () => {
      const durable = newListings.get('isometric')!.filter((p) => Object.hasOwn(durableRemovalTypes, p.type))
      expect(durable.length).toBeGreaterThan(10)
      const prices = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${durable.map((p) => p.key).join(',')}`)).body)
      expect(prices.data.length).toBeGreaterThan(0)
      for (const price of prices.data) {
        const type = durable.find((p) => p.key === price.key)!.type
        const band = priceBandFor(type)
        expect(band.min, type).toBeGreaterThanOrEqual(100)
        expect(price.value, `${price.key} (${type})`).toBeGreaterThanOrEqual(band.min)
        expect(price.value, `${price.key} (${type})`).toBeLessThanOrEqual(band.max)
      }
    })
  })

  it("brings in ART TREES' programmes that Berkeley's file lacks, as the registry words them, with their credits", async () => {
    const programme = rowsOf('art-trees', 'projects.csv').find((row) => row['Program ID'] === 'ART130')!
    const detail = projectDetail.parse((await call(server.url, '/api/projects/ART130')).body)
    expect(detail).toMatchObject({
      registry: 'ART',
      name: programme['Program Name'],
      // In Credence's vocabulary by its standard (docs/vocabulary.md), ART's own words kept beside it.
      type: 'Jurisdictional REDD+',
      type_as_published: programme['Program Type'],
      methodology: programme['Crediting Program and Standard'],
      developer: programme['Sovereign Program Developer'],
      status: 'registered',
      synthetic: false,
    })
    // ART writes countries in capitals; the country is spelled as Berkeley spells it, its region from it.
    expect(detail.country).toBe("Côte d'Ivoire")
    expect(detail.region).toBe('Sub-Saharan Africa')
    const issued = rowsOf('art-trees', 'issuances.csv').filter((row) => row['Program ID'] === 'ART130')
    const found = creditPage.parse((await call(server.url, '/api/credits?project=ART130&kind=issuance&per_page=1')).body)
    expect(found.sum_quantity).toBe(issued.reduce((sum, row) => sum + Number(row['Credits Verified'].replace(/,/g, '')), 0))
  })

  it("says a price sells nothing where every credit is retired, as ART130's are, and what an estimate sells elsewhere", async () => {
    const art = projectPage.parse((await call(server.url, '/api/projects?registry=ART&per_page=100')).body).data
    const keys = art.map((p) => p.key)
    const remaining = new Map(art.map((p) => [p.key, p.credits.remaining]))
    expect(remaining.get('ART130')).toBe(0)
    const prices = priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}`)).body)
    // Its estimate is what its credits would fetch; the lookup says none are left to buy at it.
    expect(prices.data.find((p) => p.key === 'ART130')!.on_sale).toBe(0)
    for (const price of prices.data) expect(price.on_sale, price.key).toBeLessThanOrEqual(remaining.get(price.key)!)
    expect(prices.data.some((p) => p.on_sale! > 0)).toBe(true)
  })

  it("draws Berkeley's column of the coverage map over the five registries its database holds, not over Isometric's or Cercarbono's", async () => {
    const map = coverageMatrix.parse((await call(server.url, '/api/coverage?per_page=20000')).body)
    const j = map.sources.findIndex((source) => source.id === 'src_vrod')
    expect(map.sources[j].registries).toEqual(['VCS', 'GS', 'CAR', 'ACR', 'ART'])
    const outside = map.rows.filter((row) => row.registry === 'ISO' || row.registry === 'CCB')
    expect(outside.length).toBeGreaterThan(50)
    for (const row of outside) expect(appliesTo(map.sources[j], row), row.key).toBe(false)
    // Its summary counts the cells it applies to: each of the five's projects once, none of the others'.
    const applicable = map.rows.filter((row) => appliesTo(map.sources[j], row)).length
    const { fresh, stale, missing } = map.sources[j].summary
    expect(fresh + stale + missing).toBe(applicable)
    expect(applicable).toBe(map.rows.length - map.rows.filter((row) => !['VCS', 'GS', 'CAR', 'ACR', 'ART'].includes(row.registry)).length)
  })

  it('finds a company by the words typed at the start of words, in order, whatever stands between them', async () => {
    const search = async (typed: string) => creditPage.parse((await call(server.url, `/api/credits?per_page=100&beneficiary=${encodeURIComponent(typed)}`)).body)
    // "Eni" is Eni Plenitude's six Gold Standard retirements, not PETROLEOS DEL MILENIO's, Genie Energy's or a
    // Turkish "Yenilenebilir" beside them, which held the word inside theirs.
    const eni = await search('Eni')
    const plenitude = rowsOf('gold-standard', 'retirements.csv').filter((row) => Object.values(row).some((cell) => /eni plenitude/i.test(cell)))
    expect(plenitude.length).toBe(6)
    expect(eni.data.length).toBeGreaterThanOrEqual(plenitude.length)
    for (const record of eni.data) {
      const said = [record.beneficiary ?? '', ...Object.values(record.beneficiary_raw)].join(' | ')
      expect(said, record.id).toMatch(/(^|[^\p{L}\p{N}])eni/iu)
    }
    expect(eni.data.some((record) => /milenio|genie|yenilenebilir/i.test(JSON.stringify(record)))).toBe(false)
    // Verra's records write "Coca-Cola": its second word starts after the hyphen.
    const hyphened = await search('coca-cola')
    expect(hyphened.total).toBeGreaterThan(0)
    expect((await search('Cola')).total).toBe(hyphened.total)
    // Typed with a space, as a buyer writes it, it is the same company: only spaces or punctuation stand between words.
    expect((await search('Coca Cola')).total).toBe(hyphened.total)
    expect((await search('coca  cola.')).total).toBe(hyphened.total)
    expect((await search('cocacola')).total).toBeLessThan(hyphened.total)
  })

  it("reads a project's status as the registry's own newer listing says it, naming Berkeley's older word beside it", async () => {
    // CAR2251: "Registered" in the Reserve's projects export, issuing since February 2026; "Listed" in Berkeley's count.
    const row = rowsOf('climate-action-reserve', 'projects.csv').find((r) => r['Project ID'] === 'CAR2251')!
    expect(row.Status).toBe('Registered')
    const car2251 = (await detail('CAR2251'))!
    expect(car2251.status).toBe('registered')
    expect(car2251.status_sources.map((w) => [w.source, w.status])).toEqual([
      ['src_car', 'registered'],
      ['src_vrod', 'pipeline'],
    ])
    // The catalogue reads it so too: the browser's filter finds it registered, and it is priced as issuing.
    const withStatus = async (status: string) => projectPage.parse((await call(server.url, `/api/projects?q=CAR2251&status=${status}`)).body).data.map((p) => p.key)
    expect(await withStatus('registered')).toEqual(['CAR2251'])
    expect(await withStatus('pipeline')).toEqual([])
    const prices = priceBatch.parse((await call(server.url, '/api/connectors/marketsource/market/batch?projectKeys=CAR2251')).body)
    expect(prices.unpriced_keys).toEqual([])
    // Its rating reads it so: the registry-status signal rates a registered project (0.70), not one in the pipeline
    // (0.45, as it read before). With no yearly series in Berkeley's file, its other signals read the Reserve's records,
    // as a new listing's do: its monitoring is that of an issuance in 2026, after the data's year.
    const ratedOn = (project: ProjectDetail) => project.quality_breakdown.signals.map(({ key, value, evidence, facts }) => ({ key, value, evidence, facts }))
    const governance = ratedOn(car2251).find((signal) => signal.key === 'governance')!
    expect(governance).toMatchObject({ value: 0.7, evidence: expect.stringMatching(/^Registered on its registry;/) as string })
    expect(governance.facts).toContainEqual({ name: 'status', value: 'registered' })
    expect(ratedOn(seededCar2251).find((signal) => signal.key === 'governance')!.value).toBe(0.45)
    expect(ratedOn(car2251).find((signal) => signal.key === 'mrv')).toMatchObject({ value: 0.9, evidence: expect.stringMatching(/^Last issuance 2026, after the data \(2025\);/) as string })
    const alike = (await detail('CAR1850'))!
    expect(ratedOn(alike).find((signal) => signal.key === 'governance')!.facts).toContainEqual({ name: 'status', value: alike.status })
    // A project both list alike has one status and no word against it.
    const agreeing = (await detail('CAR1850'))!
    expect(new Set(agreeing.status_sources.map((w) => w.status))).toEqual(new Set([agreeing.status]))
    // A later run of the Reserve's credit files alone says nothing of the status: the word keeps the date of the
    // listing that said it, while the cell moves to the run's.
    const again = await runOf({ source: 'src_car', file_ids: [await upload('issuances.csv', readFileSync(resolve(registries, 'climate-action-reserve', 'issuances.csv')))], as_of: '2026-06-30' })
    expect(again.state).toBe('succeeded')
    const after = (await detail('CAR2251'))!
    expect(after.status_sources).toEqual(car2251.status_sources)
    // Berkeley's file imported again rates CAR2251 on the pipeline status it gives, and the listing, newer, wins again.
    const berkeley = await runOf({ source: 'src_vrod', file_ids: [await upload(basename(berkeleyFile), readFileSync(berkeleyFile))] })
    expect(berkeley.state).toBe('succeeded')
    const recounted = (await detail('CAR2251'))!
    expect(recounted.status).toBe('registered')
    expect(ratedOn(recounted)).toEqual(ratedOn(car2251))
    expect(recounted.quality.score).toBe(car2251.quality.score)
  })

  it("takes the cancellations dated before Berkeley's count that it does not hold, vintage by vintage: credits converted to California's offsets", async () => {
    // Each project vintage's cancellations dated on or before Dec 31, 2025, from ACR's and the Reserve's files as written.
    const files = [
      { folder: 'american-carbon-registry', source: 'src_acr', quantity: 'Quantity of Credits' },
      { folder: 'climate-action-reserve', source: 'src_car', quantity: 'Quantity of Offset Credits' },
    ]
    const cancelled = new Map<string, number>()
    for (const { folder, quantity } of files) {
      const pools = new Set(bufferShares(folder, quantity).map(serialOf))
      for (const row of rowsOf(folder, 'cancellations.csv')) {
        // A buffer pool's share of a conversion is the pool's, not the project's (the test below).
        if (pools.has(serialOf(row))) continue
        const effective = Object.keys(row).find((column) => /^Status Effective/.test(column))!
        const [month, day, year] = row[effective].split(/[/ ]/)
        if (`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` > '2025-12-31') continue
        const key = `${row['Project ID']}|${row.Vintage}`
        cancelled.set(key, (cancelled.get(key) ?? 0) + Number(row[quantity].replace(/,/g, '')))
      }
    }
    // Where they come to more than Berkeley's retired of the vintage, the rest of what it left is taken, and said.
    const ofAnotherListing = (says: string) => / under [A-Z]+\d+,/.test(says)
    const expected: string[] = []
    const found: string[] = []
    for (const key of new Set([...cancelled.keys()].map((k) => k.split('|')[0]))) {
      const project = await detail(key)
      // Set against a count that breaks its figures down by vintage.
      if (!project?.credit_figures.by_vintage.some((vintage) => vintage.counted)) continue
      for (const [vintageKey, before] of cancelled) {
        const [ofKey, year] = vintageKey.split('|')
        if (ofKey !== key) continue
        const vintage = project.credit_figures.by_vintage.find((v) => v.vintage === Number(year))
        // Cancelled beyond what the count retired of the vintage (none, of a vintage it does not count); what remains
        // is what it left less that, at most (records dated after the count may take more).
        const beyond = before - (vintage?.counted ? vintage.counted.issued - vintage.counted.remaining : 0)
        if (beyond < 0.5) continue
        // Named, whether the count left some of it to take or none (ACR746's 2024, CAR2057's 2025).
        expected.push(`${key} ${year} beyond ${beyond}`)
        if (vintage?.counted) expect(vintage.remaining, `${key} ${year}`).toBeLessThanOrEqual(Math.max(0, vintage.counted.remaining - beyond) + 0.5)
      }
      // Its own records' cancellations; another listing's, which its count takes, are held below.
      for (const d of project.credit_figures.disagreements) if (d.kind === 'cancellations_before_count' && !ofAnotherListing(d.figures[1].says)) found.push(`${key} ${d.vintage} beyond ${d.figures[1].value - d.figures[0].value}`)
    }
    expect(expected.length).toBeGreaterThan(40)
    expect(expected).toEqual(expect.arrayContaining(['ACR746 2024 beyond 65959', 'CAR2057 2025 beyond 43934']))
    expect(found.sort()).toEqual(expected.sort())

    // ACR746 and CAR2057 are one mine-methane project, CAMM5746 in California's programme (Berkeley's `ARB / WA ID`),
    // which Berkeley counts with two vintages swapped: its 2025 under ACR746, whose 2025 the Reserve's export cancels
    // under CAR2057, and its 2024 under CAR2057, whose 2024 ACR's export cancels under ACR746. What one listing's count
    // holds nothing of to take, the other's takes: neither vintage is left for sale.
    const [acr746, car2057] = [(await detail('ACR746'))!, (await detail('CAR2057'))!]
    const countedOf = (project: ProjectDetail, year: number) => project.credit_figures.by_vintage.find((v) => v.vintage === year)!.counted!
    const retiredOf = (project: ProjectDetail, year: number) => countedOf(project, year).issued - countedOf(project, year).remaining
    // What each listing's count cannot take of its own records' cancellations, from the files.
    const unplaced2025 = cancelled.get('CAR2057|2025')!
    const unplaced2024 = cancelled.get('ACR746|2024')! - retiredOf(acr746, 2024)
    expect([unplaced2025, unplaced2024]).toEqual([43_934, 65_959])
    expect(acr746.credit_figures.by_vintage.find((v) => v.vintage === 2025)).toMatchObject({ remaining: Math.max(0, countedOf(acr746, 2025).remaining - unplaced2025) })
    expect(car2057.credit_figures.by_vintage.find((v) => v.vintage === 2024)).toMatchObject({ remaining: Math.max(0, countedOf(car2057, 2024).remaining - unplaced2024) })
    expect([acr746.credits.remaining, car2057.credits.remaining]).toEqual([119_898 - 43_934, 0])
    const taken = (project: ProjectDetail) => project.credit_figures.disagreements.filter((d) => d.kind === 'cancellations_before_count' && ofAnotherListing(d.figures[1].says)).map((d) => d.text)
    expect(taken(acr746)).toEqual([expect.stringMatching(/^43,934 of vintage 2025 are taken from what remains here, as no longer for sale: CAR2057 \(Climate Action Reserve\), this project's other listing \(compliance project CAMM5746\), has 43,934 of it cancelled on or before Berkeley's count \(Dec 31, 2025\)/)])
    expect(taken(car2057)).toEqual([expect.stringMatching(/^65,959 of vintage 2024 are taken from what remains here, as no longer for sale: ACR746 \(American Carbon Registry\), this project's other listing \(compliance project CAMM5746\), has 65,959 of it cancelled/)])
    // The listing whose count holds none says where they are taken.
    expect(car2057.credit_figures.disagreements.find((d) => d.vintage === 2025)!.text).toMatch(/this listing has none of them to take\. They are taken there instead: ACR746 \(American Carbon Registry\) is the same compliance project/)
    // The catalogue reads the same, so no shortlist buys them.
    for (const project of [acr746, car2057]) {
      const listed = projectPage.parse((await call(server.url, `/api/projects?q=${project.key}`)).body).data.find((p) => p.key === project.key)!
      expect(listed.credits.remaining, project.key).toBe(project.credits.remaining)
    }
    // ACR555's 2024: 4,373,651 of the project's cancelled on Dec 26, 2025 ("Convert to ARB offset credits"), and
    // 517,310 of its buffer's, where Berkeley leaves 4,373,651 remaining and none retired: all of it is taken, and
    // nothing of it is for sale.
    const acr555 = (await detail('ACR555'))!
    const v2024 = acr555.credit_figures.by_vintage.find((v) => v.vintage === 2024)!
    expect(v2024).toMatchObject({ remaining: 0, counted: { remaining: 4_373_651 } })
    expect(acr555.credit_figures.remaining.value).toBe(acr555.credit_figures.remaining.counted!.value - 4_373_651)
    expect(acr555.credit_figures.disagreements.find((d) => d.kind === 'cancellations_before_count')!.text).toMatch(
      /^American Carbon Registry's export cancels 4,373,651 of vintage 2024 on or before Berkeley's count \(Dec 31, 2025\), where it counts 0 of it retired or cancelled: 4,373,651 more are taken\b/,
    )
    // The catalogue reads the same: the browser's remaining and the price lookup's credits on sale.
    const listed = projectPage.parse((await call(server.url, '/api/projects?q=ACR555')).body).data.find((p) => p.key === 'ACR555')!
    expect(listed.credits.remaining).toBe(acr555.credits.remaining)
    const car2091 = (await detail('CAR2091'))!
    expect(car2091.credit_figures.by_vintage.find((v) => v.vintage === 2025)!.remaining).toBe(0)
  })

  it("reads a conversion's cancellation of the compliance buffer's share as the buffer pool's, never the project's retired", async () => {
    // Worked out from the files as written: ACR cancels the share from its own account; the Reserve's export names no
    // account, and the share is the smaller batch numbered right after the project's (CAR1822: 617 after 2,890 and
    // 81,044 after 379,694, Mar 27, 2026), together Berkeley's 81,661 buffer deposits for it.
    const shares = [...bufferShares('american-carbon-registry', 'Quantity of Credits'), ...bufferShares('climate-action-reserve', 'Quantity of Offset Credits')]
    expect(shares.map((row) => row['Project ID']).sort()).toEqual(['ACR200', 'ACR554', 'ACR555', 'ACR741', 'CAR1098', 'CAR1099', 'CAR1103', 'CAR1110', 'CAR1175', 'CAR1554', 'CAR1822', 'CAR1822'])
    const labelled = creditPage.parse((await call(server.url, '/api/credits?kind=cancellation&per_page=200')).body).data.filter((record) => record.labels.includes('Buffer pool'))
    expect(labelled.map((record) => record.serial).sort()).toEqual(shares.map(serialOf).sort())
    // CAR1822 read 464,245 retired against 382,584 issued, −81,661 remaining, until December 2026.
    const car1822 = (await detail('CAR1822'))!
    expect(car1822.credit_figures.issued.value).toBe(382_584)
    expect(car1822.credit_figures.retired.value).toBe(382_584)
    expect(car1822.credit_figures.remaining.value).toBe(0)
    expect(car1822.credit_figures.retired.text).toMatch(/Climate Action Reserve's export cancels 81,661 of its buffer pool's credits \(2 records\): the pool's, not the project's/)
    expect(car1822.credit_figures.disagreements.filter((d) => d.kind === 'records_exceed_remaining')).toEqual([])
    expect(car1822.credits.buffer).toBe(81_661)
    const listed = projectPage.parse((await call(server.url, '/api/projects?q=CAR1822')).body).data.find((p) => p.key === 'CAR1822')!
    expect(listed.credits).toMatchObject({ retired: 382_584, remaining: 0 })
    // And so does what each source says: the Reserve's records read 464,245 retired beside figures that said 81,661 of
    // it were the pool's. Summed here from the raw rows of CAR1822.
    const shareSerials = new Set(shares.map(serialOf))
    const retiredRows = ['retirements.csv', 'cancellations.csv'].flatMap((name) => (filesOf('climate-action-reserve').includes(name) ? rowsOf('climate-action-reserve', name) : []))
    const ofCar1822 = retiredRows.filter((row) => row['Project ID'] === 'CAR1822')
    const sumOf = (rows: Row[]) => rows.reduce((total, row) => total + Number(row['Quantity of Offset Credits'].replace(/,/g, '')), 0)
    const reserve = car1822.credit_figures.sources.find((s) => s.source === 'src_car')!
    expect(reserve).toMatchObject({
      retired: sumOf(ofCar1822.filter((row) => !shareSerials.has(serialOf(row)))),
      buffer_cancelled: sumOf(ofCar1822.filter((row) => shareSerials.has(serialOf(row)))),
    })
    expect(reserve.buffer_cancelled).toBe(81_661)
  })

  it("gives each project the CCP and CORSIA labels its registry's records carry, says which only they carry, and rates it on them", async () => {
    // Worked out from the files as written: a row's "Yes" under a CCP or CORSIA column labels the project's credits.
    const yes = (text: string | undefined) => /^yes$/i.test((text ?? '').trim())
    const columns: [column: string, label: string][] = [
      ['CCP Approved', labelNames.ccp],
      ['Eligible for CORSIA 2021-2023 Compliance Period (Pilot Phase)', labelNames.corsiaPilot],
      ['Eligible for CORSIA 2021-2023 Compliance Period', labelNames.corsiaPilot],
      ['Eligible for CORSIA 2024-2026 Compliance Period (First Phase)', labelNames.corsiaFirst],
      ['Eligible for CORSIA 2024-2026 Compliance Period', labelNames.corsiaFirst],
    ]
    const expected = new Map<string, Set<string>>()
    for (const [folder, keyColumn] of [['american-carbon-registry', 'Project ID'], ['climate-action-reserve', 'Project ID'], ['art-trees', 'Program ID']] as const) {
      for (const name of filesOf(folder).filter((file) => file !== 'projects.csv')) {
        for (const row of rowsOf(folder, name)) {
          const key = row[keyColumn].replace(/\s+/g, '').toUpperCase()
          for (const [column, label] of columns) if (yes(row[column])) expected.set(key, (expected.get(key) ?? new Set()).add(label))
        }
      }
    }
    expect(expected.get('ART102')).toEqual(new Set([labelNames.corsiaPilot, labelNames.corsiaFirst]))
    expect(expected.get('ACR801')).toEqual(new Set([labelNames.ccp]))
    const recordedOnly: string[] = []
    for (const [key, labels] of expected) {
      const project = await detail(key)
      if (!project) continue
      expect(project.labels, key).toEqual(expect.arrayContaining([...labels]))
      for (const label of project.labels_recorded) expect(labels.has(label), `${key} ${label}`).toBe(true)
      if (project.labels_recorded.length > 0) recordedOnly.push(key)
      // The rating reads them: a CCP label is worth 0.9 and more, CORSIA's first phase 0.7, its pilot 0.55.
      const signal = project.quality_breakdown.signals.find((s) => s.key === 'labels')!
      const floor = labels.has(labelNames.ccp) ? 0.9 : labels.has(labelNames.corsiaFirst) ? 0.7 : 0.55
      expect(signal.value, key).toBeGreaterThanOrEqual(floor)
    }
    // Guyana's credits (ART102): CORSIA eligible by ART's records, which Berkeley's file of December 2025 does not list.
    const guyana = (await detail('ART102'))!
    expect(guyana.labels_recorded).toEqual(expect.arrayContaining([labelNames.corsiaPilot, labelNames.corsiaFirst]))
    expect(recordedOnly).toEqual(expect.arrayContaining(['ART102', 'ACR801']))
    // And a buyer's label filter finds them, as the catalogue lists them.
    const corsia = projectPage.parse((await call(server.url, `/api/projects?label=${encodeURIComponent(labelNames.corsiaFirst)}&registry=ART&per_page=100`)).body)
    expect(corsia.data.map((p) => p.key)).toContain('ART102')
    const ccp = projectPage.parse((await call(server.url, `/api/projects?label=${encodeURIComponent(labelNames.ccp)}&registry=ACR&per_page=100`)).body)
    expect(ccp.data.map((p) => p.key)).toContain('ACR801')
  })

  it("names where Isometric's projects export states totals its own records do not come to, project by project, measure by measure", async () => {
    // Worked out from the files as written: each project's issued (its buffer's share included), buffer and retired.
    const projects = rowsOf('isometric', 'projects.csv')
    const keyOf = new Map(projects.map((row) => [row.id, `ISO${row.short_code.toUpperCase()}`]))
    const sums = new Map<string, { issued: number; buffer: number; retired: number }>()
    const sumOf = (projectId: string) => {
      const key = keyOf.get(projectId)!
      if (!sums.has(key)) sums.set(key, { issued: 0, buffer: 0, retired: 0 })
      return sums.get(key)!
    }
    for (const row of rowsOf('isometric', 'issuances.csv')) {
      sumOf(row.project_id).issued += Number(row['credit_batch_size_total.credits'])
      sumOf(row.project_id).buffer += Number(row['buffer_pool_credit_batch_size_total.credits'] || 0)
    }
    for (const row of rowsOf('isometric', 'retirements.csv')) sumOf(row.project_id).retired += Number(row['credit_batch_size_total.credits'])
    const columns = { issued: 'issued_credits_total.credits', buffer: 'issued_buffer_pool_credits_total.credits', retired: 'retired_credits_total.credits' } as const
    const rounded = (n: number) => Math.round(n * 1000) / 1000
    const expected: string[] = []
    const found: string[] = []
    for (const row of projects) {
      const key = keyOf.get(row.id)!
      const summed = sums.get(key) ?? { issued: 0, buffer: 0, retired: 0 }
      for (const [measure, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
        if (Math.abs(Number(row[column]) - summed[measure]) >= 0.5) expected.push(`${key} ${Number(row[column])} against ${rounded(summed[measure])}`)
      }
      for (const d of (await detail(key))!.credit_figures.disagreements) {
        if (d.kind === 'listed_totals_differ_from_records') found.push(`${key} ${d.figures[0].value} against ${rounded(d.figures[1].value)}`)
      }
    }
    // Seven of fifty: six list more retired than the files' newest rows hold (ISO01P4 more issued and buffer too), and
    // ISO6TMZ's records retire more than its listing says in all.
    expect(expected).toContain('ISO7BDE 3650.846 against 1457.275')
    expect(expected).toContain('ISO6TMZ 3.449 against 199')
    expect(expected).toHaveLength(9)
    expect(found.sort()).toEqual(expected.sort())
  })

  it("keeps the Climate Action Reserve's listing dates, and reads its statuses by the same table as Berkeley's file", async () => {
    const rows = rowsOf('climate-action-reserve', 'projects.csv')
    const known = new Set<string>()
    for (const row of rows) if (await isProject(row['Project ID'])) known.add(row['Project ID'])
    expect(known.size).toBe(rows.length)
    const transitioned = rows.find((row) => row.Status === 'Transitioned')!
    expect(projectDetail.parse((await call(server.url, `/api/projects/${transitioned['Project ID']}`)).body).status).toBe('inactive')
    // CAR2278 and CAR2010 are not in Berkeley's release: their listing is all Credence knows of them.
    for (const key of ['CAR2278', 'CAR2010']) {
      const row = rows.find((r) => r['Project ID'] === key)!
      const [month, day, year] = row['Project Listed Date'].split('/')
      const detail = projectDetail.parse((await call(server.url, `/api/projects/${key}`)).body)
      const country = { US: 'United States', MX: 'Mexico' }[row['Project Site Country']]
      const type = listingVocabulary({ type: row['Project Type'], methodology: null, country: country ?? null }).type
      expect(detail).toMatchObject({ name: row['Project Name'], type, type_as_published: row['Project Type'], country, state: row['Project Site State'], listed_at: `${year}-${month}-${day}` })
    }
  })

  it("still fails a run given a file that fits none of its source's formats, naming the file and every format expected", async () => {
    const run = await runOf({ source: 'src_car', file_ids: [await upload('acr-projects.csv', readFileSync(resolve(registries, 'american-carbon-registry/projects.csv')))] })
    expect(run.state).toBe('failed')
    expect(run.error?.message).toMatch(/^acr-projects\.csv is ACR's projects export, not a file of this source: expected the Climate Action Reserve's projects export \(.*"Project Listed Date"\)/)
  })

  it('imports ACR\'s whole export again from a terminal (npm run import -- --source acr <every file>): every record and listing unchanged', async () => {
    const folder = 'american-carbon-registry'
    const files = filesOf(folder).map((name) => resolve(registries, folder, name))
    const { stdout } = await promisify(execFile)(resolve('node_modules/.bin/tsx'), ['src/server/import-file.ts', '--source', 'acr', ...files], {
      env: { ...process.env, CREDENCE_API_URL: server.url, CREDENCE_API_TOKEN: tokens.live },
      timeout: 120_000,
    })
    const ended = stdout.split('\n').filter((line) => / succeeded| failed/.test(line))
    expect(ended).toEqual([expect.stringMatching(/^Run run_\w+ succeeded, as of \d{4}-\d{2}-\d{2}: /)])
    // The same export again: every file read, nothing new, nothing left out.
    const run = sourceRun.parse((await call(server.url, `/api/source-runs/${/^Run (run_\w+)/.exec(ended[0])![1]}`)).body)
    expect(run.files.map((file) => file.name)).toEqual(filesOf(folder))
    expect(run.counts).toMatchObject({ created: 0, updated: 0, skipped: 0 })
    expect(run.counts.unchanged).toBeGreaterThan(0)
  }, 150_000)
})
