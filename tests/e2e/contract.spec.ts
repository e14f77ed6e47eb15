import { contractAppUrl, expect, test } from './fixtures'

/**
 * The whole journey, once, through a validating proxy generated from the OpenAPI document (Prism with
 * errors on): any request or response off the contract comes back as a Prism problem and fails the test.
 */
test('a journey through every view keeps the contract in both directions', async ({ page }) => {
  const violations: string[] = []
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return
    const headers = response.headers()
    const body = await response.text().catch(() => '')
    if (headers['sl-violations'] || body.includes('stoplight.io/prism/errors')) {
      violations.push(`${response.request().method()} ${response.url()}: ${headers['sl-violations'] ?? body.slice(0, 400)}`)
    }
  })
  const rows = () => page.getByRole('row').nth(1).waitFor()

  await page.goto(`${contractAppUrl}/`)
  await page.getByLabel('Budget (USD)').fill('250000')
  await page.getByRole('checkbox', { name: /Biodiversity/ }).check()
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\//)
  await rows()

  await page.getByRole('link', { name: 'Projects', exact: true }).click()
  await rows()
  await page.getByLabel('Search').fill('VCS1')
  await page.waitForURL(/q=VCS1/)
  await rows()
  // A project with a price, for the price lookup below: the project whose key is the text searched comes first, and
  // the generated catalogue's VCS1 may have none.
  const priced = page.locator('.project-row').filter({ has: page.locator('.col-spot_price', { hasText: '$' }) }).first()
  await priced.waitFor()
  const key = (await priced.getByRole('link').first().innerText()).trim()
  await priced.getByRole('link').first().click()
  await page.getByRole('heading', { level: 1 }).waitFor()

  await page.getByRole('link', { name: 'Prices', exact: true }).click()
  await page.getByLabel('Project keys').fill(`${key}, NOPE123`)
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await rows()

  await page.getByRole('link', { name: 'Sources', exact: true }).click()
  await rows()
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Market prices (simulated) (marketsource)' })
  await page.getByLabel(/Project keys/).fill(key)
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page.getByText(/succeeded|failed/i).first()).toBeVisible({ timeout: 30_000 })

  await page.getByRole('link', { name: 'Coverage', exact: true }).click()
  await page.locator('canvas').first().waitFor()
  await page.waitForLoadState('networkidle')

  // Credit records, with their count and cursors, and a numbered page too deep, refused naming where to read on.
  await page.getByRole('link', { name: 'Credits', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.goto(`${contractAppUrl}/credits?page=999`)
  await expect(page.getByRole('alert')).toContainText('numbered pages reach the first 10,000 records')

  expect(violations).toEqual([])
})
