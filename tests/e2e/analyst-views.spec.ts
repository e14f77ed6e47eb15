import { expect, expectNoAxeViolations, test } from './fixtures'

/** Issue: the analyst's views: project browser, project page and batch price lookup. */
const firstKeys = async (page: import('@playwright/test').Page, count = 3) => {
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  const keys: string[] = []
  for (let i = 1; i <= count; i++) keys.push((await page.getByRole('row').nth(i).getByRole('link').first().innerText()).trim())
  return keys
}
const batchRequests = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/api/connectors/marketsource/market/batch')

test('filters and sort live in the URL: reload gives the same rows, back and forward move between states', async ({ page }) => {
  await page.goto('/projects')
  const unfiltered = await firstKeys(page)

  await page.locator('summary', { hasText: 'Registry' }).click()
  await page.getByRole('checkbox', { name: /^Climate Action Reserve/ }).click()
  await expect(page).toHaveURL(/registry=CAR/)
  await expect.poll(async () => (await firstKeys(page))[0]).toMatch(/^CAR/)
  const filtered = await firstKeys(page)

  await page.getByRole('button', { name: /^Key/ }).click()
  await expect(page).toHaveURL(/sort=/)
  await expect.poll(() => firstKeys(page)).not.toEqual(filtered)
  const sorted = await firstKeys(page)
  const sortedUrl = page.url()

  await page.reload()
  expect(await firstKeys(page)).toEqual(sorted)
  expect(page.url()).toBe(sortedUrl)

  await page.goBack()
  await expect.poll(() => firstKeys(page)).toEqual(filtered)
  await page.goBack()
  await expect.poll(() => firstKeys(page)).toEqual(unfiltered)
  await page.goForward()
  await expect.poll(() => firstKeys(page)).toEqual(filtered)
})

test('one page of the browser costs one batch price request', async ({ page, apiRequests }) => {
  await page.goto('/projects?per_page=50')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(batchRequests(apiRequests)).toHaveLength(1)
  const keys = batchRequests(apiRequests)[0].url.searchParams.get('projectKeys')!.split(',')
  expect(keys.length).toBeGreaterThan(1)
  expect(keys.length).toBeLessThanOrEqual(100)
})

test('a project opens by its registry key, with its quality breakdown', async ({ page }) => {
  await page.goto('/projects')
  const [key] = await firstKeys(page, 1)
  await page.goto(`/projects/${key.toLowerCase()}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(key).first()).toBeVisible()
  await expect(page.getByText(/Additionality/).first()).toBeVisible()
  await expect(page.getByText(/Over-crediting/i).first()).toBeVisible()
})

test('an unknown project key shows a clear not-found state', async ({ page }) => {
  await page.goto('/projects/NOPE99999')
  await expect(page.getByText(/no project/i).first()).toBeVisible()
})

test('looks up a mix of known and unknown keys pasted from a spreadsheet, and lists the unknown apart', async ({ page }) => {
  await page.goto('/projects')
  const keys = await firstKeys(page, 2)
  await page.goto('/prices')
  await page.getByLabel('Project keys').fill(`${keys[0]}\n${keys[1].toLowerCase()}, NOPE123 ${keys[0]}`)
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(page).toHaveURL(/keys=/)
  await expect(page.getByText('NOPE123').first()).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: keys[0] }).first()).toBeVisible()
  await page.reload()
  await expect(page.getByText('NOPE123').first()).toBeVisible()
})

test('visiting the price view for keys already seen costs no request', async ({ page, apiRequests }) => {
  await page.goto('/projects')
  const keys = await firstKeys(page, 3)
  await page.waitForLoadState('networkidle')
  const before = batchRequests(apiRequests).length
  await page.getByRole('link', { name: 'Prices', exact: true }).click()
  await page.getByLabel('Project keys').fill(keys.join(', '))
  await page.getByRole('button', { name: 'Look up prices' }).click()
  await expect(page.getByRole('row').filter({ hasText: keys[0] }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(batchRequests(apiRequests).length).toBe(before)
})

test('the browser, a project page and the price lookup pass axe', async ({ page }) => {
  await page.goto('/projects')
  const [key] = await firstKeys(page, 1)
  await expectNoAxeViolations(page)
  await page.goto(`/projects/${key}`)
  await expect(page.getByText(/Additionality/).first()).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goto(`/prices?keys=${key}`)
  await expect(page.getByRole('row').filter({ hasText: key }).first()).toBeVisible()
  await expectNoAxeViolations(page)
})
