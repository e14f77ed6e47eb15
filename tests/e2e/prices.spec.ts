import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { apiUrl, expect, expectNoAxeViolations, test, tokens } from './fixtures'

/** The batch price lookup. */
const firstKeys = async (page: Page, count: number) => {
  await page.goto('/projects')
  const keys = page.locator('tbody tr[data-index] td:nth-child(2) a')
  await expect(keys.first()).toBeVisible()
  return (await keys.allInnerTexts()).slice(0, count)
}
/** Keys whose row in the browser shows a price. */
const pricedKeys = async (page: Page, count: number) => {
  await page.goto('/projects')
  await expect(page.getByText(/^\$\d/).first()).toBeVisible()
  const rows = await page.locator('tbody tr[data-index]').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('a')?.textContent ?? '', tr.textContent ?? '']),
  )
  return rows.filter(([, text]) => /\$\d/.test(text)).map(([key]) => key).slice(0, count)
}
const batches = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/api/connectors/marketsource/market/batch')

test('looks up a mix of known and unknown keys pasted from a spreadsheet, shares it by URL and exports it', async ({ page }) => {
  const [a, b] = await pricedKeys(page, 2)
  await page.goto('/prices')
  await page.getByLabel('Project keys').fill(`${a}\r\n${b.toLowerCase()}\r\nNOPE123\r\n${a}\r\n`)
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(page).toHaveURL(new RegExp(`keys=${a},${b},NOPE123$`))
  const prices = page.getByRole('table', { name: 'Spot prices' })
  await expect(prices.getByRole('row', { name: new RegExp(a) })).toContainText('USD')
  await expect(prices.getByRole('row', { name: new RegExp(b) })).toContainText('Simulated')
  await expect(page.getByRole('region', { name: 'Unknown keys' })).toContainText('NOPE123')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile(await (await download).path(), 'utf8')
  expect(csv).toMatch(/key,name,status,price,basis,low,high,on_sale,currency,unit,as_of,source,simulated/)
  expect(csv).toMatch(/NOPE123,,unknown/)

  await page.reload()
  await expect(prices.getByRole('row', { name: new RegExp(a) })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Unknown keys' })).toContainText('NOPE123')
})

test('prices seen in the browser cost no request on the price view', async ({ page, apiRequests }) => {
  const keys = await firstKeys(page, 5)
  await expect(page.getByText(/^\$\d/).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const before = batches(apiRequests).length
  expect(before).toBe(1)
  await page.getByRole('link', { name: 'Prices', exact: true }).click()
  await page.getByLabel('Project keys').fill(keys.join(' '))
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(page.getByText(/^5 keys: /)).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(batches(apiRequests)).toHaveLength(before)
})

test('entries that are not keys are reported next to the text area and the text is kept', async ({ page, apiRequests }) => {
  await page.goto('/prices')
  const keys = page.getByLabel('Project keys')
  await keys.fill('VCS191\n<b>bold</b>')
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(keys).toHaveAttribute('aria-invalid', 'true')
  await expect(keys).toHaveAccessibleDescription(/not a project key: “<b>bold<\/b>”/)
  await expect(keys).toHaveValue('VCS191\n<b>bold</b>')
  expect(batches(apiRequests)).toHaveLength(0)
})

test('a long or reversing bad entry keeps the page within a phone and the message reading forwards', async ({ page }) => {
  // 300 letters with no space made the page 3,287 px wide at 412; a right-to-left override turned the message round.
  await page.setViewportSize({ width: 412, height: 900 })
  await page.goto('/prices')
  const keys = page.getByLabel('Project keys')
  const typed = `CAR1822, ${'A'.repeat(300)}, \u202EXYZ1`
  await keys.fill(typed)
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(keys).toHaveAttribute('aria-invalid', 'true')
  await expect(keys).toHaveAccessibleDescription(/These are not project keys: “A{40}…”, “U\+202EXYZ1”\./)
  await expect(keys).toHaveValue(typed)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412)
})

test("a Gold Standard key as OffsetsDB writes it is looked up as Credence's, and the page says which it was read as", async ({ page, request }) => {
  const listed = (await (await request.get(`${apiUrl}/api/projects?registry=GS&per_page=1`, { headers: { authorization: `Bearer ${tokens.live}` } })).json()) as { data: { key: string }[] }
  const key = listed.data[0].key
  const offsetsDb = key.replace(/^GS/, 'GLD')
  await page.goto(`/prices?keys=${offsetsDb}`)
  // It read as unknown, then as "not priced yet" beside GS's price under another key.
  await expect(page.getByRole('status').filter({ hasText: /^1 key:/ })).toHaveText(/^1 key: 1 (priced|not priced yet)\.$/)
  await expect(page.getByText(`Read as Credence writes them: ${offsetsDb} as ${key}.`)).toBeVisible()
})

test('the price view passes axe, in light and dark', async ({ page }) => {
  const keys = await firstKeys(page, 3)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto(`/prices?keys=${keys.join(',')},NOPE1`)
    await expect(page.getByRole('table', { name: 'Spot prices' })).toBeVisible()
    await expectNoAxeViolations(page)
  }
})
