import { readFile } from 'node:fs/promises'
import { startApiServer, type ApiServer } from '../support/api-server'
import { importFiles, retirementsExport, terpelBlocks } from '../support/beneficiary-export'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'
import type { Page } from '@playwright/test'

/**
 * An analyst looks up who retired credits: searches a name in the Credits view, opens the company's page, and
 * corrects what the rules could not know. On an API and preview of its own, with an export written in Verra's
 * manner: Terpel in two spellings the rules join, and "Organización Terpel", which they leave apart.
 */
test.describe('a beneficiary, one name however the registries spell it', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined

  test.beforeAll(async () => {
    api = await startApiServer({ projects: 50, env: { CREDENCE_LIVE_DATA: 'synthetic', CREDENCE_RUN_STEP_MS: '0' } })
    const run = await importFiles(api.url, 'src_verra', [['transactions.csv', retirementsExport('1340', terpelBlocks)]])
    expect(run.state).toBe('succeeded')
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  /** Searches the Credits view for a name and opens the first top retirer of that name. */
  async function searchAndOpen(page: Page, typed: string, name: string) {
    await page.goto(`${preview!.url}/credits`)
    await page.getByLabel('Retired for (beneficiary)').fill(typed)
    await page.getByRole('button', { name: 'Show records' }).click()
    const retirers = page.getByRole('table', { name: new RegExp(`^Top retirers matching “${typed}”`) })
    await expect(retirers.getByRole('row')).toHaveCount(3)
    await retirers.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  }

  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

  test('at 1280 px the analyst searches "terpel", opens Terpel, merges "Organización Terpel" into it, and the totals move', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await searchAndOpen(page, 'terpel', 'Terpel')
    await expect(page).toHaveURL(/\/beneficiaries\/Terpel$/)
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('1,850')
    // Per year, a chart whose numbers are a table too; per project, linked; the raw strings, each with why.
    const perYear = page.getByRole('figure', { name: /Credits retired per year/ })
    await expect(perYear).toBeVisible()
    await perYear.getByText('Show the numbers as a table').click()
    await expect(perYear.getByRole('row', { name: /^2025/ })).toContainText('1,500')
    await expect(page.getByRole('link', { name: 'VCS1340' })).toHaveAttribute('href', '/projects/VCS1340')
    const spellings = page.getByRole('table', { name: /The raw strings that resolved to Terpel/ })
    await expect(spellings.getByRole('rowheader')).toHaveCount(2)
    await expect(spellings).toContainText('TERPEL S.A NIT 830.095.213-0')
    await expect(spellings).toContainText('took off the tax number "NIT 830.095.213-0"')
    await noSidewaysScroll(page, 1280)
    await expectNoAxeViolations(page)

    await page.getByLabel('Beneficiary to merge into this one').fill('Organización Terpel')
    // The merge's request held a moment on its way, as a large catalogue's takes seconds: the page says it is under
    // way beside the button, where only the button's grey said so.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/beneficiaries/decisions', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Merge', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Merging: moving its records…' })).toBeVisible()
    release()
    await expect(page.getByRole('status').filter({ hasText: /Merged/ })).toHaveText('Merged “Terpel” and “Organización Terpel” as “Terpel”: 2 records now under another name.')
    await page.unroute('**/api/beneficiaries/decisions')
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('2,350')
    await expect(spellings.getByRole('rowheader')).toHaveCount(3)
    await expect(page.getByRole('region', { name: 'Analysts’ decisions' }).getByRole('listitem')).toHaveCount(1)
    await expectNoAxeViolations(page)

    // A raw string to split out is written out whole as it is chosen (a select cuts it at its width), and the split
    // says the name its records went to; undone, the page is as it was.
    const split = page.getByRole('form', { name: 'Split a raw string out of Terpel' })
    await split.getByLabel('Raw string to split out').selectOption({ index: 1 })
    const raw = await split.getByLabel('Raw string to split out').evaluate((select) => (select as HTMLSelectElement).value)
    await expect(split.getByText(/^Chosen: /)).toContainText(`Chosen: “${raw}”, `)
    await split.getByLabel('The name it names').fill('Terpel Split Test')
    await split.getByRole('button', { name: 'Split out' }).click()
    await expect(page.getByRole('status').filter({ hasText: /now under/ })).toContainText('now under “Terpel Split Test”.')
    await page.getByRole('button', { name: /^Undo: .*Terpel Split Test/ }).click()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('2,350')
    await expect(page.getByRole('region', { name: 'Analysts’ decisions' }).getByRole('listitem')).toHaveCount(1)

    // Every decision as CSV, saved under the API's name, the merge in it.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Every decision as CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('credence-beneficiary-decisions.csv')
    expect(await readFile(await file.path(), 'utf8')).toContain('Organización Terpel')

    // The Credits view says so too: one line for both, every record of both under it.
    await page.getByRole('link', { name: 'Its records in Credits' }).click()
    const retirers = page.getByRole('table', { name: /^Top retirers matching “Terpel”/ })
    await expect(retirers.getByRole('row')).toHaveCount(2)
    await expect(retirers.getByRole('row', { name: /^Terpel/ })).toContainText('2,350')
  })

  test('at 412 px the page reads without scrolling sideways, undoing the merge moves the totals back, and a rename and its undoing take the page along', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 })
    await page.goto(`${preview!.url}/credits`)
    await page.getByLabel('Retired for (beneficiary)').fill('terpel')
    await page.getByRole('button', { name: 'Show records' }).click()
    await page.getByRole('table', { name: /^Top retirers matching “terpel”/ }).getByRole('link', { name: 'Terpel', exact: true }).click()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('2,350')
    await noSidewaysScroll(page, 412)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: /^Undo: Merged/ }).click()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('1,850')
    await expect(page.getByRole('region', { name: 'Analysts’ decisions' })).toContainText('No decision concerns this name')
    await noSidewaysScroll(page, 412)
    await expectNoAxeViolations(page)

    // Renamed, the page follows the name; the rename undone on that page, it follows the records back.
    await page.getByLabel('Show it as').fill('Terpel Colombia')
    await page.getByRole('button', { name: 'Rename', exact: true }).click()
    await expect(page).toHaveURL(/\/beneficiaries\/Terpel%20Colombia$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Terpel Colombia' })).toBeVisible()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('1,850')
    await page.getByRole('button', { name: /^Undo: / }).click()
    await expect(page).toHaveURL(/\/beneficiaries\/Terpel$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Terpel' })).toBeVisible()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('1,850')
    await expect(page.getByText('No beneficiary of that name')).toHaveCount(0)

    // Said to name no one, the page stays, says so with the decision, and offers its undo: it went to the Credits
    // view, after a red "Could not refresh: Not found", with no way back but the API.
    await page.getByRole('button', { name: 'It names no one' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'No beneficiary of that name' })).toBeVisible()
    await expect(page).toHaveURL(/\/beneficiaries\/Terpel$/)
    await expect(page.getByText(/Could not refresh/)).toHaveCount(0)
    // The decision takes the focus of the button it replaced, and its Undo is the next stop from the keyboard.
    await expect(page.locator('.beneficiary-named-no-one')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: /^Undo: / })).toBeFocused()
    await noSidewaysScroll(page, 412)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: /^Undo: / }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Terpel' })).toBeVisible()
    await expect(page.getByTestId('beneficiary-quantity')).toHaveText('1,850')
  })
})
