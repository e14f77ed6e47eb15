import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { recommendation } from '../../src/api/contract/recommendations'
import type { Source, SourceRun } from '../../src/api/contract/sources'
import { berkeleyRegions } from '../../src/server/importers/vocabulary/country-names'
import { isVocabularyType, typeIdentity } from '../../src/server/importers/vocabulary/types'
import { call } from '../support/http'
import { berkeleyFile } from '../support/real-files'
import { expect, test } from './fixtures'

/**
 * An analyst downloads a registry's whole export and drops every file of it at once on the sources page, for
 * each of the seven registries. New listings join real projects, so this runs on the API seeded from Berkeley's
 * file (the `berkeley` fixture), leaving the shared one generated for the other suites. A buyer then opens the brief form: it
 * offers Credence's types, each once, and Berkeley's regions; a brief asking for removals only spends its budget
 * and its panel says the removal share it set.
 */
const registries = resolve('../shared/data/registries')

/** Each registry's folder and the source that imports it. */
const exports = [
  ['verra', 'src_verra'],
  ['gold-standard', 'src_gold_standard'],
  ['american-carbon-registry', 'src_acr'],
  ['climate-action-reserve', 'src_car'],
  ['art-trees', 'src_art'],
  ['isometric', 'src_isometric'],
  ['cercarbono', 'src_cercarbono'],
] as const

/** An option's value without the count the form shows beside it ("Wind (1,025)"). */
const optionValues = async (select: import('@playwright/test').Locator) =>
  (await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter((value) => value !== '')

test.describe("every registry's whole export, dropped at once on the sources page", () => {
  test.skip(!existsSync(registries) || !existsSync(berkeleyFile), `needs the registry samples at ${registries} and Berkeley's file`)
  // In order: the brief form is read once every export is in.
  test.describe.configure({ mode: 'serial', timeout: 300_000 })

  test('each registry folder, all its files dropped for its source, imports in one run that succeeds', async ({ page, berkeley: { api, preview } }) => {
    const sources = (await call<{ data: Source[] }>(api.url, '/api/sources')).body.data
    await page.goto(`${preview.url}/sources`)
    const form = page.getByRole('form', { name: 'Import a file' })
    let lastRun = ''
    for (const [folder, sourceId] of exports) {
      const source = sources.find((candidate) => candidate.id === sourceId)!
      const names = readdirSync(resolve(registries, folder)).filter((name) => name.endsWith('.csv')).sort()
      const files = names.map((name) => ({ name, text: readFileSync(resolve(registries, folder, name), 'utf8') }))
      await form.getByLabel('Import with').selectOption({ label: `${source.name} (${source.connector})` })

      // What a drag from the file manager hands the page: every file of the folder in one drop.
      const dropped = await page.evaluateHandle((files) => {
        const transfer = new DataTransfer()
        for (const { name, text } of files) transfer.items.add(new File([text], name, { type: 'text/csv' }))
        return transfer
      }, files)
      const zone = form.getByLabel('Files to import')
      await zone.dispatchEvent('dragover', { dataTransfer: dropped })
      await zone.dispatchEvent('drop', { dataTransfer: dropped })
      const chosen = form.getByText(/^Chosen:/)
      for (const name of names) await expect(chosen).toContainText(name)

      await form.getByRole('button', { name: 'Import', exact: true }).click()
      // The page follows the new run at its own address.
      const previous = lastRun
      await expect(page).toHaveURL((url) => /^run_/.test(url.searchParams.get('run') ?? '') && url.searchParams.get('run') !== previous, { timeout: 30_000 })
      lastRun = new URL(page.url()).searchParams.get('run')!
      await expect(page.getByRole('region', { name: new RegExp(lastRun) }).getByText('Succeeded', { exact: true }), folder).toBeVisible({ timeout: 60_000 })
      const run = (await call<SourceRun>(api.url, `/api/source-runs/${lastRun}`)).body
      expect(run.files.map((file) => file.name), folder).toEqual(names)
    }
    // ART TREES' programme that Berkeley's release lacks is a project now.
    expect((await call(api.url, '/api/projects/ART130')).status).toBe(200)
  })

  test("the brief form then offers each type once, in Credence's words, and Berkeley's regions only", async ({ page, berkeley: { preview } }) => {
    await page.goto(`${preview.url}/`)
    const typeSelect = page.getByLabel('Project type', { exact: true })
    // The choices come with the facets, a moment after the form.
    await expect.poll(async () => (await optionValues(typeSelect)).length).toBeGreaterThan(50)
    const types = await optionValues(typeSelect)
    expect(types.filter((type) => !isVocabularyType(type) || type === 'Unknown')).toEqual([])
    expect(new Set(types.map(typeIdentity)).size).toBe(types.length)
    // The durable removals the removal registries list are types of their own.
    for (const type of ['Biochar', 'Enhanced Rock Weathering', 'Ocean Alkalinity Enhancement', 'Biomass Burial']) expect(types).toContain(type)
    const regions = await optionValues(page.getByLabel('Region'))
    expect(regions.filter((region) => !berkeleyRegions.includes(region))).toEqual([])
  })

  test('spends a $250,000 brief asking 100% removals, and its brief panel shows the share it set', async ({ page, berkeley: { api, preview } }) => {
    await page.goto(`${preview.url}/`)
    await page.getByLabel('Budget (USD)').fill('250,000')
    await page.getByLabel('Smallest share of removals (%)').fill('100')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await page.waitForURL(/\/recommendations\/rec_/)
    const brief = page.getByRole('region', { name: 'The brief' })
    await expect(brief).toContainText('$250,000')
    await expect(brief).toContainText(/Smallest share of removals\s*100%/)
    const id = /\/recommendations\/(rec_\w+)/.exec(page.url())![1]
    const made = recommendation.parse((await call(api.url, `/api/recommendations/${id}`)).body)
    expect(made.totals.allocated_usd).toBeGreaterThanOrEqual(225_000)
    for (const item of made.items) expect(item.project.reduction_removal).toMatch(/removal/)
    await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible()
  })
})

test.describe('a catalogue of real projects', () => {
  test.skip(!existsSync(berkeleyFile), `needs Berkeley's file at ${berkeleyFile}`)

  test('lists the simulated market without offering it to run, since it quotes only generated projects', async ({ page, berkeley: { api, preview } }) => {
    const market = (await call<{ data: Source[] }>(api.url, '/api/sources')).body.data.find((source) => source.simulated && source.kind === 'market')!
    await page.goto(`${preview.url}/sources`)
    const option = page.getByRole('form', { name: 'Start a run' }).getByLabel('Source').locator(`option[value="${market.id}"]`)
    // Offered, its run failed every time: "the simulated market does not quote them".
    await expect(option).toBeDisabled()
    await expect(option).toHaveText(`${market.name} (${market.connector}), simulates generated projects only, import a quotes file with Import a file`)
    // Its file of quotes still imports: the file form offers it.
    await expect(page.getByRole('form', { name: 'Import a file' }).getByLabel('Import with').locator(`option[value="${market.id}"]`)).toBeEnabled()
  })
})
