import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Source, SourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call } from '../support/http'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { berkeleyFile } from '../support/real-files'
import { expect, test } from './fixtures'

/**
 * An analyst downloads a registry's whole export and drops every file of it at once on the sources page, for
 * each of the seven registries. New listings join real projects, so this runs on an API of its own seeded from
 * Berkeley's file, leaving the shared one generated for the other suites.
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

test.describe("every registry's whole export, dropped at once on the sources page", () => {
  test.skip(!existsSync(registries) || !existsSync(berkeleyFile), `needs the registry samples at ${registries} and Berkeley's file`)
  test.describe.configure({ timeout: 300_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined

  test.beforeAll(async () => {
    // Seeding from Berkeley's file takes its time while the other lanes of npm test share the cores.
    test.setTimeout(300_000)
    api = await startApiServer({ startTimeoutMs: 240_000, env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile, CREDENCE_RUN_STEP_MS: '0' } })
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  test('each registry folder, all its files dropped for its source, imports in one run that succeeds', async ({ page }) => {
    const sources = (await call<{ data: Source[] }>(api!.url, '/api/sources')).body.data
    await page.goto(`${preview!.url}/sources`)
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
      const run = (await call<SourceRun>(api!.url, `/api/source-runs/${lastRun}`)).body
      expect(run.files.map((file) => file.name), folder).toEqual(names)
    }
    // ART TREES' programme that Berkeley's release lacks is a project now.
    expect((await call(api!.url, '/api/projects/ART130')).status).toBe(200)
  })
})
