import { readFile } from 'node:fs/promises'
import { sourceRun } from '../../src/api/contract/sources'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { importFiles, retirementsExport } from '../support/beneficiary-export'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'

/**
 * Text from the data is shown as text: projects whose names carry markup, script and spreadsheet formulas come
 * in through the VROD connector, as they would from a registry, and every view shows them literally.
 */
const markup = '<img src=x onerror="window.__injected = true">Solar & Wind <b>bold</b>'
const formula = '=HYPERLINK("https://evil.example","click")'
const longName = `Longname Holdings ${'x'.repeat(1_000_000)} Ltd`
const hostileRow = (key: string, name: string) => ({
  'Project ID': key,
  'Project Name': name,
  'Voluntary Registry': 'VCS',
  'Voluntary Status': 'Registered',
  Scope: 'Renewable Energy',
  Type: 'Wind',
  'Reduction / Removal': 'Reduction',
  Region: 'Southern Asia',
  Country: 'India',
  'Total Credits \nIssued': '1000',
  'Total Credits Remaining': '1000',
  'First Year of Project (Vintage)': '2020.0',
})

test.describe('names with markup and formulas', () => {
  test.describe.configure({ timeout: 120_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined

  test.beforeAll(async () => {
    const file = await writeVrodCsvFixture(tempDataDir(), [hostileRow('VCS9201', markup), hostileRow('VCS9202', formula)])
    api = await startApiServer({ projects: 300, env: { CREDENCE_VROD_FILE: file, CREDENCE_RUN_STEP_MS: '0' } })
    const started = sourceRun.parse((await call(api.url, '/api/source-runs', { json: { source: 'vrod' } })).body)
    const run = await waitFor(async () => {
      const current = sourceRun.parse((await call(api!.url, `/api/source-runs/${started.id}`)).body)
      return current.state === 'succeeded' || current.state === 'failed' ? current : undefined
    }, 60_000, 250)
    expect(run.state).toBe('succeeded')
    // A retirement whose beneficiary is a million characters, within the import's cell limit.
    const retired = await importFiles(api.url, 'src_verra', [['transactions.csv', retirementsExport('9201', [{ beneficiary: longName, quantity: 10, retired: '2025-06-01' }])]])
    expect(retired.state).toBe('succeeded')
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  test('the browser, the project page and its title show them literally, and nothing in them runs', async ({ page }) => {
    await page.goto(`${preview!.url}/projects?q=VCS920`)
    await expect(page.getByText(/^2 projects$/)).toBeVisible()
    await expect(page.getByRole('cell', { name: markup, exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: formula, exact: true })).toBeVisible()

    await page.getByRole('link', { name: 'VCS9201' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(markup)
    await expect(page).toHaveTitle(new RegExp(`^${markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))

    expect(await page.locator('img[src="x"], b:text("bold")').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
  })

  test('the CSV export neutralises the formula and keeps the markup as plain text', async ({ page }) => {
    await page.goto(`${preview!.url}/projects?q=VCS920`)
    await expect(page.getByText(/^2 projects$/)).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const lines = (await readFile(await (await download).path(), 'utf8')).trim().split('\r\n')
    const line = (key: string) => lines.find((l) => l.startsWith(`${key},`)) ?? ''
    // A leading quote makes a spreadsheet read the cell as text; the quotes inside are doubled, as CSV has them.
    expect(line('VCS9202')).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`)
    expect(line('VCS9201')).toContain(`"<img src=x onerror=""window.__injected = true"">Solar & Wind <b>bold</b>"`)
  })
  test('a field of a million characters shows its beginning, says how long it is and downloads whole', async ({ page }) => {
    for (const width of [1280, 412]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${preview!.url}/credits?project=VCS9201`)
      const record = page.getByRole('row').filter({ hasText: 'Longname Holdings' })
      const columns = () => page.locator('.credits-table thead th').evaluateAll((headers) => headers.map((th) => Math.round(th.getBoundingClientRect().width)))
      await expect(record.getByText('As the registry wrote it')).toBeVisible()
      const closed = await columns()
      expect(closed.length).toBeGreaterThan(0)
      await record.getByText('As the registry wrote it').click()
      await expect(record.getByText('1,000,022 characters in all.')).toBeVisible()
      // Opened, it takes its column's width and moves no column (it widened its own by 20 px, wrapping the dates).
      if (width > 600) expect(await columns()).toEqual(closed)
      // On a phone's card it spans the card, not half of it.
      else expect((await record.locator('td.card-wide').boundingBox())!.width).toBeGreaterThan((await record.boundingBox())!.width * 0.8)
      await expect(record).not.toContainText('Ltd')
      // Its details stay about as tall as a short name's: the whole text would be hundreds of thousands of pixels.
      expect((await record.boundingBox())!.height).toBeLessThan(2000)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await expectNoAxeViolations(page)
    }
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download all 1,000,022 characters' }).click()
    const saved = await download
    expect(saved.suggestedFilename()).toBe('retirement-beneficiary-row-1.txt')
    expect(await readFile(await saved.path(), 'utf8')).toBe(longName)
  })
})
