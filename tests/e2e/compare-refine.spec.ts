import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { sourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'

/**
 * Real projects side by side: an API of its own imports three of Berkeley's projects through the VROD
 * connector (rated by the open rating from their public facts), and the buyer compares them, then refines a
 * brief and reads what changed. Berkeley's file is read where it is; nothing of it is committed.
 */
const vrodFile = resolve(process.env.CREDENCE_VROD_FILE ?? '../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')
const realKeys = ['VCS934', 'GS337', 'VCS191']

test.describe('comparing real projects and refining a brief', () => {
  test.describe.configure({ timeout: 240_000 })
  test.skip(!existsSync(vrodFile), `Berkeley's file is not on this machine (${vrodFile})`)
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined

  test.beforeAll(async () => {
    api = await startApiServer({ projects: 300, env: { CREDENCE_VROD_FILE: vrodFile, CREDENCE_RUN_STEP_MS: '0' } })
    // On a busy machine a connection can be reset while the API reads Berkeley's file; the idempotency key
    // makes retrying the request safe (the same run comes back), and polling retries a reset read.
    const request = { json: { source: 'vrod', project_keys: realKeys }, headers: { 'idempotency-key': 'e2e-compare-real' } }
    const started = await waitFor(() => call(api!.url, '/api/source-runs', request).then((r) => sourceRun.parse(r.body), () => undefined), 60_000, 1000)
    const run = await waitFor(async () => {
      const current = await call(api!.url, `/api/source-runs/${started.id}`).then((r) => sourceRun.parse(r.body), () => undefined)
      return current?.state === 'succeeded' || current?.state === 'failed' ? current : undefined
    }, 180_000, 500)
    expect(run.state, JSON.stringify(run.error)).toBe('succeeded')
    expect(run.counts.skipped).toBe(0)
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  test('compares three real projects side by side, differences marked in words, and axe finds nothing', async ({ page }) => {
    await page.goto(`${preview!.url}/compare?keys=${realKeys.join(',')}`)
    const table = page.getByRole('table', { name: /3 projects compared/ })
    await expect(table).toBeVisible({ timeout: 30_000 })
    const headers = table.locator('thead').getByRole('columnheader')
    await expect(headers).toHaveCount(3)
    for (const [index, key] of realKeys.entries()) await expect(headers.nth(index)).toContainText(key)
    // Real registry records, rated from their facts: no synthetic mark, and signals name the facts they used.
    await expect(table.getByRole('row', { name: /^Data/ })).toContainText('Real registry record')
    await expect(table.getByText('Synthetic', { exact: true })).toHaveCount(0)
    await expect(table.getByRole('row', { name: /^Registry differs/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /^Last issuance/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /^Spot price/ })).not.toContainText('Loading')
    await expect(table.getByText('best').first()).toBeVisible()
    await expectNoAxeViolations(page)

    // Only the rows that differ, then one project fewer: the URL is the comparison.
    await page.getByRole('checkbox', { name: /Only rows that differ/ }).check()
    await expect(table.getByRole('row', { name: /^Registry differs/ })).toBeVisible()
    await page.getByRole('link', { name: 'Remove GS337 from the comparison' }).click()
    await expect(page).toHaveURL(/\/compare\?keys=VCS934,VCS191$/)
    await expect(page.getByRole('table', { name: /2 projects compared/ }).locator('thead').getByRole('columnheader')).toHaveCount(2)
  })


  test('reaches the comparison from rows ticked by keyboard in the project browser, across searches', async ({ page }) => {
    await page.goto(`${preview!.url}/projects?q=VCS934`)
    await expect(page.getByRole('status').filter({ hasText: /^1 project$/ })).toBeVisible({ timeout: 30_000 })
    await page.getByRole('row', { name: /VCS934/ }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox', { name: 'Compare VCS934' })).toBeChecked()
    await expect(page.getByRole('button', { name: 'Compare (1)' })).toBeDisabled()

    const search = page.getByRole('searchbox')
    await search.fill('GS337')
    await expect(page.getByRole('row', { name: /GS337/ })).toBeVisible()
    await page.getByRole('row', { name: /GS337/ }).focus()
    await page.keyboard.press('Space')
    // Opening a project and coming back finds the ticks as they were, not cleared.
    await page.getByRole('row', { name: /GS337/ }).getByRole('link').first().click()
    await expect(page).toHaveURL(/\/projects\/GS337/)
    await page.goBack()
    await expect(page.getByRole('checkbox', { name: 'Compare GS337' })).toBeChecked()
    await page.getByRole('button', { name: 'Compare (2)' }).click()
    await expect(page).toHaveURL(/\/compare\?keys=VCS934,GS337$/)
    await expect(page.getByRole('table', { name: /2 projects compared/ }).locator('thead').getByRole('columnheader')).toHaveCount(2)
  })

  test('refines a brief and shows what changed against the shortlist before; axe finds nothing', async ({ page }) => {
    await page.goto(`${preview!.url}/`)
    await page.getByLabel('Budget (USD)').fill('250000')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Shortlist/ })).toBeVisible({ timeout: 30_000 })
    const firstId = new URL(page.url()).pathname.split('/').pop()!
    // The shortlist's top three compared, and back to the shortlist from the comparison.
    await page.getByRole('link', { name: 'Compare 3 selected' }).click()
    await expect(page.getByRole('table', { name: /3 projects compared/ })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the shortlist' }).click()
    await expect(page).toHaveURL(new RegExp(`/recommendations/${firstId}$`))
    // So does a shortlisted project's page: "Back to projects" sent the buyer to the browser.
    await page.locator('table a[href^="/projects/"]').first().click()
    await expect(page).toHaveURL(/\/projects\/[A-Z]/)
    await page.getByRole('link', { name: 'Back to the shortlist' }).click()
    await expect(page).toHaveURL(new RegExp(`/recommendations/${firstId}$`))

    await page.getByRole('link', { name: 'Refine brief' }).click()
    await expect(page.getByLabel('Budget (USD)')).toHaveValue('250000')
    await page.getByLabel('Budget (USD)').fill('600000')
    await page.getByLabel('Largest share per project type (%)').fill('35')
    await page.getByRole('button', { name: 'Get recommendations' }).click()

    const comparison = page.getByRole('region', { name: 'Compared with the previous shortlist' })
    await expect(comparison).toBeVisible({ timeout: 30_000 })
    await expect(page).toHaveURL(new RegExp(`/recommendations/rec_[^?]+\\?vs=${firstId}$`))
    await expect(comparison).toContainText(/\d+ new, \d+ dropped, \d+ moved\./)
    await expect(comparison).toContainText('The brief changed its budget, largest share per type.')
    await expect(page.getByRole('list', { name: 'Caps applied' })).toContainText('No project type takes more than 35%')
    await expect(page.getByRole('figure', { name: 'Money allocated by project type' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
