import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { recommendation } from '../../src/api/contract/recommendations'
import type { SourceRun } from '../../src/api/contract/sources'
import { berkeleyRegions } from '../../src/server/importers/vocabulary/country-names'
import { isVocabularyType, typeIdentity } from '../../src/server/importers/vocabulary/types'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { berkeleyFile } from '../support/real-files'
import { expect, test } from './fixtures'

/**
 * A buyer opens the brief form after an analyst imported every registry's sample export on top of Berkeley's
 * release: the form offers Credence's types, each once, and Berkeley's regions; a brief asking for removals only
 * spends its budget and its panel says the removal share it set.
 */
const registries = resolve('../shared/data/registries')
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

test.describe("the brief form after every registry's export is imported", () => {
  test.skip(!existsSync(registries) || !existsSync(berkeleyFile), `needs the registry samples at ${registries} and Berkeley's file`)
  test.describe.configure({ timeout: 420_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined

  test.beforeAll(async () => {
    // Seeding from Berkeley's file takes its time while the other lanes of npm test share the cores.
    test.setTimeout(420_000)
    api = await startApiServer({ startTimeoutMs: 240_000, env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile, CREDENCE_RUN_STEP_MS: '0' } })
    for (const [folder, source] of exports) {
      const fileIds: string[] = []
      for (const name of readdirSync(resolve(registries, folder)).filter((n) => n.endsWith('.csv')).sort()) {
        const response = await fetch(`${api.url}/api/files?name=${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream' },
          body: readFileSync(resolve(registries, folder, name)),
        })
        fileIds.push(((await response.json()) as { id: string }).id)
      }
      const started = await call(api.url, '/api/source-runs', { json: { source, file_ids: fileIds } })
      const run = await waitFor(async () => {
        const now = (await call<SourceRun>(api!.url, `/api/source-runs/${started.body.id}`)).body
        return now.state === 'succeeded' || now.state === 'failed' ? now : undefined
      }, 120_000, 200)
      expect(run.state, folder).toBe('succeeded')
    }
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  test("offers each type once, in Credence's words, and Berkeley's regions only", async ({ page }) => {
    await page.goto(`${preview!.url}/`)
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

  test('spends a $250,000 brief asking 100% removals, and its brief panel shows the share it set', async ({ page }) => {
    await page.goto(`${preview!.url}/`)
    await page.getByLabel('Budget (USD)').fill('250,000')
    await page.getByLabel('Smallest share of removals (%)').fill('100')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await page.waitForURL(/\/recommendations\/rec_/)
    const brief = page.getByRole('region', { name: 'The brief' })
    await expect(brief).toContainText('$250,000')
    await expect(brief).toContainText(/Smallest share of removals\s*100%/)
    const id = /\/recommendations\/(rec_\w+)/.exec(page.url())![1]
    const made = recommendation.parse((await call(api!.url, `/api/recommendations/${id}`)).body)
    expect(made.totals.allocated_usd).toBeGreaterThanOrEqual(225_000)
    for (const item of made.items) expect(item.project.reduction_removal).toMatch(/removal/)
    await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible()
  })
})
