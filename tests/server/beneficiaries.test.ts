import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beneficiary, beneficiaryDecision, beneficiaryDecisionPage } from '../../src/api/contract/beneficiaries'
import { creditBeneficiaries, creditPage } from '../../src/api/contract/credits'
import type { SourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { importFiles, retirementsExport, terpelBlocks } from '../support/beneficiary-export'
import { call, tokens } from '../support/http'

/**
 * Who retired what, one name per company: the rules over an export written in Verra's manner, then every sample
 * export the registries publish, and an analyst's decisions made through the API over both.
 */
const registries = resolve('../shared/data/registries')
const haveSamples = existsSync(registries)

/** Each sample folder, the source that imports it, and the registry its records are of. */
const folders = [
  ['verra', 'src_verra', 'VCS'],
  ['gold-standard', 'src_gold_standard', 'GS'],
  ['american-carbon-registry', 'src_acr', 'ACR'],
  ['climate-action-reserve', 'src_car', 'CAR'],
  ['art-trees', 'src_art', 'ART'],
  ['isometric', 'src_isometric', 'ISO'],
  ['cercarbono', 'src_cercarbono', 'CCB'],
] as const

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ projects: 50, env: { CREDENCE_LIVE_DATA: 'synthetic', CREDENCE_RUN_STEP_MS: '0' } })
}, 120_000)
afterAll(() => server?.stop())

async function importInto(source: string, files: [name: string, bytes: Uint8Array][]): Promise<SourceRun> {
  const run = await importFiles(server.url, source, files)
  expect(run.error).toBeNull()
  return run
}

const importFolder = (folder: string, source: string) =>
  importInto(
    source,
    readdirSync(resolve(registries, folder))
      .filter((name) => name.endsWith('.csv'))
      .sort()
      .map((name) => [name, readFileSync(resolve(registries, folder, name))]),
  )

const top = async () => creditBeneficiaries.parse((await call(server.url, '/api/credits/beneficiaries?limit=50')).body).data
const page = async (name: string) => call(server.url, `/api/beneficiaries/${encodeURIComponent(name)}`)
const credits = async (query: string) => creditPage.parse((await call(server.url, `/api/credits?${query}`)).body)
const decide = async (json: object, token = tokens.live) => call(server.url, '/api/beneficiaries/decisions', { json, token })

describe('one company however an export spells it', () => {
  it('joins "TERPEL S.A  NIT …" and "Terpel S.A. NIT …" as Terpel, and names no one for "Anonymously" or "FY24"', async () => {
    await importInto('src_verra', [['transactions.csv', retirementsExport('1340', terpelBlocks)]])
    expect((await top()).map((b) => [b.name, b.quantity, b.records])).toEqual([
      ['Terpel', 1850, 3],
      ['Organización Terpel', 500, 2],
      ['Hollis Mills', 50, 1],
    ])
    const terpel = beneficiary.parse((await page('Terpel')).body)
    expect(terpel).toMatchObject({ name: 'Terpel', quantity: 1850, records: 3, projects: 1, first_date: '2025-03-10', last_date: '2026-02-20' })
    expect(terpel.by_year).toEqual([
      { year: 2025, quantity: 1500, records: 2 },
      { year: 2026, quantity: 350, records: 1 },
    ])
    expect(terpel.by_project).toEqual([{ project_key: 'VCS1340', project_name: null, registry: 'VCS', quantity: 1850, records: 3 }])
    expect(terpel.spellings.map((s) => [s.text, s.rules_name, s.records])).toEqual([
      ['TERPEL S.A NIT 830.095.213-0', 'TERPEL', 2],
      ['Terpel S.A. NIT 830095213-0', 'Terpel', 1],
    ])
    expect(terpel.spellings[0].why).toContain('took off the tax number "NIT 830.095.213-0"')
    expect((await page('Anonymously')).status).toBe(404)
    // Each record keeps why it resolved to its name.
    const anonymous = await credits('beneficiary=anonymously')
    expect(anonymous.data).toEqual([expect.objectContaining({ beneficiary: null, beneficiary_why: 'Retirement Beneficiary names no one: "Anonymously" is anonymous' })])
  })

  it('finds a company by any of its raw spellings and by its name, all of its records', async () => {
    expect((await credits('beneficiary=830095213&per_page=1')).total).toBe(3)
    expect((await credits('beneficiary=terpel&per_page=1')).total).toBe(5)
    // Words at the start of words, whatever punctuation stands between; `%` and `_` are themselves, not wildcards.
    expect((await credits('beneficiary=erpel&per_page=1')).total).toBe(0)
    // Typed with spaces, the tax number "830.095.213" is still found, and with it every record of its company.
    expect((await credits(`beneficiary=${encodeURIComponent('nit 830 095 213')}&per_page=1`)).total).toBe(3)
    expect((await credits('beneficiary=%25&per_page=1')).total).toBe(0)
    expect((await credits('beneficiary=_&per_page=1')).total).toBe(0)
    expect(await credits('retired_for=Terpel&per_page=1')).toMatchObject({ total: 3, sum_quantity: 1850 })
  })

  it('merges two names through the API: every record of both moves, at once and in later imports; the decision is listed, exported and undone', async () => {
    const made = await decide({ kind: 'merge', names: ['Terpel', 'Organización Terpel'] })
    expect(made.status, made.text).toBe(201)
    expect(beneficiaryDecision.parse(made.body)).toMatchObject({ kind: 'merge', into: null, records_moved: 2, simulated: false, text: 'Merged “Terpel” and “Organización Terpel” as “Terpel”' })
    expect((await top()).slice(0, 2).map((b) => [b.name, b.quantity, b.records])).toEqual([
      ['Terpel', 2350, 5],
      ['Hollis Mills', 50, 1],
    ])
    expect((await page('Organización Terpel')).status).toBe(404)
    expect(beneficiary.parse((await page('Terpel')).body).decisions.map((d) => d.id)).toEqual([made.body.id])

    // A later export spells it otherwise; the merge holds for it too.
    await importInto('src_verra', [['transactions.csv', retirementsExport('1341', [{ beneficiary: 'ORGANIZACION TERPEL S.A.', quantity: 25, retired: '2026-04-01' }], { batch: 80001, unit: 8_100_000_001 })]])
    expect((await top()).find((b) => b.name === 'Terpel')).toMatchObject({ quantity: 2375, records: 6, projects: 2 })

    // The sandbox key's decisions are answered and change nothing; they concern its own fixed dataset, which names no
    // Terpel, so one about Terpel is refused there as it would be here.
    const simulated = await decide({ kind: 'split', spelling: 'ORGANIZACION TERPEL S.A.', into: 'Terpel Colombia' }, tokens.sandbox)
    expect(simulated.status).toBe(201)
    expect(simulated.body).toMatchObject({ simulated: true, kind: 'split' })
    expect((await decide({ kind: 'no_one', name: 'Terpel' }, tokens.sandbox)).status).toBe(422)
    expect(beneficiaryDecisionPage.parse((await call(server.url, '/api/beneficiaries/decisions')).body).data.map((d) => d.id)).toEqual([made.body.id])
    // The decisions about a name, however many were made since: by a name it joins, or the name it gives.
    const about = async (name: string) => beneficiaryDecisionPage.parse((await call(server.url, `/api/beneficiaries/decisions?name=${encodeURIComponent(name)}`)).body)
    expect((await about('Organización Terpel')).data.map((d) => d.id)).toEqual([made.body.id])
    expect(await about('Terpel')).toMatchObject({ total: 1, data: [{ id: made.body.id }] })
    expect(await about('terpel')).toMatchObject({ total: 0, data: [] })
    expect((await call(server.url, `/api/beneficiaries/decisions?name=${'x'.repeat(201)}`)).status).toBe(400)

    const csv = await call(server.url, '/api/beneficiaries/decisions/export')
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,kind,names,spelling,into,made_at,made_by,undone_at,undone_by')
    expect(csv.text).toContain(`${made.body.id},merge,Terpel | Organización Terpel,`)

    const undone = await call(server.url, `/api/beneficiaries/decisions/${made.body.id}/undo`, { method: 'POST' })
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ undone_by: made.body.made_by, records_moved: 3 })
    expect((await top()).slice(0, 2).map((b) => b.name)).toEqual(['Terpel', 'Organización Terpel'])
    expect((await call(server.url, `/api/beneficiaries/decisions/${made.body.id}/undo`, { method: 'POST' })).body).toMatchObject({ records_moved: 0 })
    expect((await call(server.url, '/api/beneficiaries/decisions/bdc_nope/undo', { method: 'POST' })).status).toBe(404)
  })

  it('splits a raw string out, renames, and marks a name as naming no one; a split of what names no one needs a name', async () => {
    const split = await decide({ kind: 'split', spelling: 'Terpel S.A. NIT 830095213-0', into: 'Terpel Combustibles' })
    // The raw string's one record moves; the two left are shown by what they write now, "TERPEL".
    expect(split.body).toMatchObject({ names: ['Terpel'], records_moved: 3 })
    expect((await top()).map((b) => b.name)).toEqual(expect.arrayContaining(['TERPEL', 'Terpel Combustibles']))
    expect((await credits('retired_for=Terpel Combustibles')).data.map((r) => r.beneficiary_why)).toEqual([expect.stringContaining('split out as "Terpel Combustibles" by an analyst')])
    const rename = await decide({ kind: 'rename', name: 'Hollis Mills', into: 'Hollis Mills Group' })
    expect(rename.body.records_moved).toBe(1)
    expect((await decide({ kind: 'no_one', name: 'Hollis Mills Group' })).body.records_moved).toBe(1)
    expect((await top()).map((b) => b.name)).not.toContain('Hollis Mills Group')
    const refused = await decide({ kind: 'split', spelling: 'FY24' })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual([{ path: 'into', message: expect.stringContaining('The rules read no one in "FY24"') }])
  })

  it('refuses a decision about a name no record bears, on its field, and stores nothing', async () => {
    const listed = async () => ((await call(server.url, '/api/beneficiaries/decisions')).body as { data: unknown[] }).data.length
    const before = await listed()
    const merge = await decide({ kind: 'merge', names: ['Terpel Combustibles', 'Nobody Such Co'] })
    expect(merge.status).toBe(422)
    expect(merge.body.errors).toEqual([{ path: 'names[1]', message: 'No beneficiary is named “Nobody Such Co”: give a name as its page shows it.' }])
    expect((await decide({ kind: 'rename', name: 'Nobody Such Co', into: 'Somebody' })).body.errors).toEqual([{ path: 'name', message: expect.stringContaining('No beneficiary is named') }])
    expect((await decide({ kind: 'no_one', name: 'Nobody Such Co' })).status).toBe(422)
    // A name typed in another case is refused too, naming the one meant: two names by case may be two companies.
    expect((await decide({ kind: 'merge', names: ['terpel combustibles', 'Hollis Mills'] })).body.errors).toEqual([
      { path: 'names[0]', message: 'No beneficiary is named “terpel combustibles”: give a name as its page shows it. Names differ by case: “Terpel Combustibles” is.' },
    ])
    expect(await listed()).toBe(before)
  })
})

/** Words that say a name is a reason, a period or a placeholder, written here apart from the rules that find them. */
const notAName = /^(anonymous(ly)?|not disclosed|not public|no owner.*|fy ?\d+|cy ?\d+|\d{4}( emissions)?|[_\-–—.\s]*|n\/?a|environmental benefit|beneficio ambiental|retirement for person or organization|on behalf of third party|other|voluntary.*|corporate retirement|presente|.*\bemissions\b.*|remove impact.*|offset.*|to (offset|compensate|meet).*)$/i

describe.skipIf(!haveSamples)('after every sample export, each imported in one run of its source with all its files', () => {
  beforeAll(async () => {
    for (const [folder, source] of folders) await importFolder(folder, source)
  }, 300_000)

  it('the top 50 beneficiaries hold no reason, period or placeholder', async () => {
    const names = (await top()).map((b) => b.name)
    expect(names.length).toBe(50)
    expect(names.filter((name) => notAName.test(name))).toEqual([])
  })

  it('opens the page of a name with a slash in it, as Gold Standard writes "Order … for King/DeMarais Family"', async () => {
    const found = await page('King/DeMarais Family')
    expect(found.status).toBe(200)
    expect(beneficiary.parse(found.body).spellings.map((s) => s.field)).toEqual(['Note'])
  })

  it('a merge made through the API moves every record of both names and survives importing the same export again', async () => {
    const before = await top()
    const [a, b] = [before.find((one) => one.name === 'Shopify')!, before.find((one) => one.name === 'Salesforce')!]
    expect(a.records).toBeGreaterThan(1)
    const made = await decide({ kind: 'merge', names: [a.name, b.name], into: 'Shopify and Salesforce' })
    expect(made.body.records_moved).toBe(a.records + b.records)
    const merged = async () => (await top()).find((one) => one.name === 'Shopify and Salesforce')
    expect(await merged()).toMatchObject({ quantity: a.quantity + b.quantity, records: a.records + b.records })
    expect((await top()).map((one) => one.name)).not.toContain(a.name)
    const mergedPage = beneficiary.parse((await page('Shopify and Salesforce')).body)
    expect(mergedPage.records).toBe(a.records + b.records)
    // The same exports again, each registry the merged records came from.
    for (const [folder, source, registry] of folders) if (mergedPage.by_project.some((p) => p.registry === registry)) await importFolder(folder, source)
    expect(await merged()).toMatchObject({ quantity: a.quantity + b.quantity, records: a.records + b.records })
  })
})
