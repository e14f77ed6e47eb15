import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage } from '../../src/api/contract/credits'
import { projectDetail } from '../../src/api/contract/projects'
import { sourceRun } from '../../src/api/contract/sources'
import { listingVocabulary } from '../../src/server/importers/vocabulary/listing-vocabulary'
import { runToEnd, uploadFile } from '../support/source-runs'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens } from '../support/http'
import { berkeleyFile } from '../support/real-files'

/**
 * An analyst downloads a registry's whole export and gives Credence every file of it at once: one run per
 * registry reads them all, and the projects the registry lists that Berkeley's release lacks become projects.
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

const filesOf = (folder: string) => readdirSync(resolve(registries, folder)).filter((name) => name.endsWith('.csv')).sort()
const rowsOf = (folder: string, name: string) =>
  Papa.parse<Row>(readFileSync(resolve(registries, folder, name), 'utf8'), { header: true, skipEmptyLines: true }).data

let server: ApiServer

const upload = (name: string, bytes: Uint8Array) => uploadFile(server.url, name, bytes)
const runOf = (request: object) => runToEnd(server.url, request)

const isProject = async (key: string) => (await call(server.url, `/api/projects/${key}`)).status === 200

describe.skipIf(!haveData)("every registry's whole export, every file of it dropped at once, on top of Berkeley's file", () => {
  beforeAll(async () => {
    server = await startApiServer({
      startTimeoutMs: 280_000,
      env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile, CREDENCE_RUN_STEP_MS: '0' },
    })
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
    expect(run.counts.skipped).toBe(0)

    const missing: string[] = []
    for (const key of unknown) if (!(await isProject(key))) missing.push(key)
    expect(missing).toEqual([])
  }, 180_000)

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
