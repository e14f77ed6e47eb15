import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectFacets } from '../../src/api/contract/facets'
import { projectDetail, type ProjectDetail } from '../../src/api/contract/projects'
import { priceBatch } from '../../src/api/contract/prices'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { priceBandFor } from '../../src/server/pricing/bands'
import { berkeleyRegions, countryNamed } from '../../src/server/importers/vocabulary/country-names'
import { durableRemovalTypes, isVocabularyType, typeIdentity } from '../../src/server/importers/vocabulary/types'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { berkeleyFile } from '../support/real-files'

/**
 * One catalogue, one vocabulary: after an analyst imports every registry's sample export whole (one run each) on
 * top of Berkeley's release, what the registries list speaks Credence's types, regions and countries, is rated by
 * the open rules, and durable removals are priced in their own bands.
 */
const registries = resolve('../shared/data/registries')
const haveData = existsSync(registries) && existsSync(berkeleyFile)

type Row = Record<string, string>
const exports: readonly (readonly [folder: string, source: string, keyOf: (listing: Row) => string])[] = [
  ['verra', 'src_verra', (r) => `VCS${r.ID}`],
  ['gold-standard', 'src_gold_standard', (r) => `GS${r.GSID}`],
  ['american-carbon-registry', 'src_acr', (r) => r['Project ID']],
  ['climate-action-reserve', 'src_car', (r) => r['Project ID']],
  ['art-trees', 'src_art', (r) => r['Program ID']],
  ['isometric', 'src_isometric', (r) => `ISO${r.short_code.toUpperCase()}`],
  ['cercarbono', 'src_cercarbono', (r) => `CCB${Number(r.id)}`],
]

const filesOf = (folder: string) => readdirSync(resolve(registries, folder)).filter((name) => name.endsWith('.csv')).sort()
const keysOf = (folder: string, keyOf: (row: Row) => string) =>
  Papa.parse<Row>(readFileSync(resolve(registries, folder, 'projects.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data.map(keyOf)

let server: ApiServer
const runs = new Map<string, SourceRun>()
/** The listings each export made projects of: those Berkeley's release does not hold. */
const newListings = new Map<string, ProjectDetail[]>()

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const response = await fetch(`${server.url}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function runToEnd(request: object): Promise<SourceRun> {
  const started = await call(server.url, '/api/source-runs', { json: request })
  expect(started.status, started.text).toBe(202)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(server.url, `/api/source-runs/${started.body.id}`)).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 120_000, 100)
}

const detail = async (key: string) => {
  const answer = await call(server.url, `/api/projects/${key}`)
  return answer.status === 200 ? projectDetail.parse(answer.body) : null
}

describe.skipIf(!haveData)("every registry's export imported whole, in Credence's vocabulary", () => {
  beforeAll(async () => {
    server = await startApiServer({ startTimeoutMs: 280_000, env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile, CREDENCE_RUN_STEP_MS: '0' } })
    for (const [folder, source, keyOf] of exports) {
      const known = new Set<string>()
      for (const key of keysOf(folder, keyOf)) if (await detail(key)) known.add(key)
      const fileIds: string[] = []
      for (const name of filesOf(folder)) fileIds.push(await upload(name, readFileSync(resolve(registries, folder, name))))
      const run = await runToEnd({ source, file_ids: fileIds })
      expect(run.state, `${folder}: ${run.error?.message}`).toBe('succeeded')
      runs.set(folder, run)
      const made: ProjectDetail[] = []
      for (const key of keysOf(folder, keyOf)) {
        if (known.has(key)) continue
        const project = await detail(key)
        if (project) made.push(project)
      }
      newListings.set(folder, made)
    }
  }, 900_000)
  afterAll(async () => {
    await server?.stop()
  })

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
