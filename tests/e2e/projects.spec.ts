import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { appliesTo, coverageMatrix } from '../../src/api/contract/coverage'
import { apiUrl, expect, expectNoAxeViolations, test, tokens } from './fixtures'

/** The project browser and the project page. */
const dataRows = (page: Page) => page.locator('tbody tr[data-index]')
/** The first keys of the answer to the current URL: a table still showing the previous answer is aria-busy. */
const keysShown = async (page: Page, count = 3) => {
  await expect(dataRows(page).first()).toBeVisible()
  await expect(page.locator('table[aria-busy]')).toHaveCount(0)
  return (await dataRows(page).locator('td:nth-child(2) a').allInnerTexts()).slice(0, count)
}
const batches = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/api/connectors/marketsource/market/batch')

test('filters and sort live in the URL: reload gives the same rows, back and forward step through them', async ({ page }) => {
  await page.goto('/projects')
  const initial = await keysShown(page)

  await page.locator('summary', { hasText: /^Registry/ }).click()
  await page.getByRole('checkbox', { name: /^Gold Standard/ }).check()
  await expect(page).toHaveURL(/[?&]registry=GS\b/)
  await expect.poll(async () => (await keysShown(page)).every((key) => key.startsWith('GS'))).toBe(true)
  const filtered = await keysShown(page)

  await page.getByRole('combobox', { name: 'First vintage' }).selectOption('2020')
  await expect(page).toHaveURL(/vintage_min=2020/)
  await page.getByRole('button', { name: 'Credits remaining' }).click()
  await expect(page).toHaveURL(/sort=-credits_remaining/)
  await expect(page.getByRole('columnheader', { name: /Credits remaining/ })).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(() => keysShown(page)).not.toEqual(filtered)
  const sorted = await keysShown(page)
  const sortedUrl = page.url()

  await page.reload()
  await expect.poll(() => keysShown(page)).toEqual(sorted)
  expect(page.url()).toBe(sortedUrl)
  await expect(page.getByRole('combobox', { name: 'First vintage' })).toHaveValue('2020')

  await page.goBack()
  await page.goBack()
  await expect.poll(() => keysShown(page)).toEqual(filtered)
  await page.goBack()
  await expect.poll(() => keysShown(page)).toEqual(initial)
  await page.goForward()
  await expect.poll(() => keysShown(page)).toEqual(filtered)

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect.poll(() => keysShown(page)).toEqual(initial)
})

test('a search that matches nothing says so and offers to clear it', async ({ page }) => {
  await page.goto('/projects')
  await page.getByLabel('Search').fill('zz-no-such-project')
  await expect(page.getByRole('heading', { name: 'No projects match' })).toBeVisible()
  await expect(page).toHaveURL(/q=zz-no-such-project/)
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByLabel('Search')).toHaveValue('')
  await expect(dataRows(page).first()).toBeVisible()
})

test('one page of 50 rows costs one batch price request, and 200 rows two', async ({ page, apiRequests }) => {
  await page.goto('/projects')
  await expect(dataRows(page).first()).toBeVisible()
  await expect(page.getByText(/^\$\d/).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(batches(apiRequests)).toHaveLength(1)
  expect(batches(apiRequests)[0].url.searchParams.get('projectKeys')!.split(',')).toHaveLength(50)

  await page.getByLabel('Rows per page').selectOption('200')
  await expect(page).toHaveURL(/per_page=200/)
  await expect(page.getByText(/^1–200 of/)).toBeVisible()
  // The first 50 keys are cached already: 150 new keys, in requests of at most 100.
  const sizes = () => batches(apiRequests).slice(1).map((r) => r.url.searchParams.get('projectKeys')!.split(',').length)
  await expect.poll(() => sizes().sort((a, b) => b - a)).toEqual([100, 50])
})

test('a page of 200 rows renders only the rows in view and is walked with the keyboard', async ({ page }) => {
  await page.goto('/projects?per_page=200')
  await expect(dataRows(page).first()).toBeVisible()
  expect(await dataRows(page).count()).toBeLessThan(80)
  await dataRows(page).first().focus()
  await page.keyboard.press('End')
  await expect(page.locator('tbody tr[data-index="199"]')).toBeFocused()
  // The row with the focus is on the screen, not only in the table's own box.
  await expect(page.locator('tbody tr[data-index="199"]')).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('Home')
  await expect(page.locator('tbody tr[data-index="0"]')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('tbody tr[data-index="1"]')).toBeFocused()
  const key = await page.locator('tbody tr[data-index="1"] td:nth-child(2) a').innerText()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/projects/${key}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Back to projects' }).click()
  await expect(page).toHaveURL(/per_page=200/)
  // Back on the list, the row that was opened has the focus again, on the screen.
  await expect(page.locator('tbody tr[data-index="1"]')).toBeFocused()
  await expect(page.locator('tbody tr[data-index="1"]')).toBeInViewport({ ratio: 1 })
})

test('the keyboard skips the filters to the projects in one stop', async ({ page }) => {
  await page.goto('/projects')
  await expect(dataRows(page).first()).toBeVisible()
  // Until it has the focus the link takes no room and covers nothing: the credit totals' summary above the filters is
  // what a click on its words reaches (it lay over them, out of sight above the filters but not above the page).
  const totals = page.locator('summary').filter({ hasText: /^Credits per year/ })
  await expect(totals).toBeVisible()
  expect(await totals.evaluate((summary) => {
    const box = summary.getBoundingClientRect()
    return summary.contains(document.elementFromPoint(box.left + 40, box.top + box.height / 2))
  })).toBe(true)
  // Opened, the chart says what its figures are: the catalogue's yearly figures, without the registries' records.
  await totals.click()
  await expect(page.getByText(/The records of registries' exports are not in them: the Credits page counts those\./)).toBeVisible()
  await totals.click()
  await page.getByLabel('Search').focus()
  // Past the search and the credit totals' summary, before the first filter.
  const skip = page.getByRole('link', { name: 'Skip the filters to the projects' })
  for (let i = 0; i < 3 && !(await skip.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Results' })).toBeFocused()
  await expect(page).toHaveURL(/\/projects$/)
  // The next stop is the results' own: not one of the filters' many.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('.project-results') !== null)).toBe(true)
})

test('a project opens by key from the first row, with its breakdown, price and sources, and without a second price request', async ({
  page,
  apiRequests,
}) => {
  await page.goto('/projects')
  const [key] = await keysShown(page, 1)
  const name = await dataRows(page).first().locator('td').nth(2).locator('.cell-truncate').innerText()
  await page.waitForLoadState('networkidle')
  const pricesBefore = batches(apiRequests).length
  await page.getByRole('link', { name: key, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText(/Composite score/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Spot price' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Data sources' }).getByRole('listitem').first()).toBeVisible()
  for (const item of await page.getByRole('region', { name: 'Data sources' }).getByRole('listitem').allInnerTexts()) {
    expect(item).toMatch(/(updated .+|no data on this project from it yet); expected /)
  }
  await page.getByRole('region', { name: 'Quality' }).getByText('Show the numbers as a table').click()
  await expect(page.getByRole('table', { name: /Quality signals/ }).getByRole('row')).toHaveCount(10)
  expect(batches(apiRequests)).toHaveLength(pricesBefore)

  await page.goto(`/projects/${key.toLowerCase()}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('a source that has given nothing on a project says so, not that an update is missing', async ({ page, request }) => {
  // A project one of whose sources has never covered it (the generated market's, here): it read "no update yet", as
  // though an update had failed, of a Gold Standard listing in no release of Berkeley's.
  const matrix = coverageMatrix.parse(await (await request.get(`${apiUrl}/api/coverage?per_page=200`, { headers: { authorization: `Bearer ${tokens.live}` } })).json())
  const row = matrix.rows.find((r) => matrix.sources.some((source, j) => appliesTo(source, r) && r.ages[j] === null))!
  expect(row, 'a project with a source that never covered it').toBeDefined()
  const source = matrix.sources.find((s, j) => appliesTo(s, row) && row.ages[j] === null)!
  await page.goto(`/projects/${row.key}`)
  const item = page.getByRole('region', { name: 'Data sources' }).getByRole('listitem').filter({ hasText: source.name })
  await expect(item).toContainText('Never updated')
  await expect(item).toContainText('no data on this project from it yet; expected')
  await expect(item).not.toContainText('no update yet')
})

test('an unknown key shows a clear not-found page', async ({ page }) => {
  await page.goto('/projects/NOPE99999')
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()
  await expect(page.getByText(/No project has the ID or registry key “NOPE99999”/)).toBeVisible()
})

test('exports the whole filtered result as CSV', async ({ page }) => {
  await page.goto('/projects?registry=ACR')
  await expect(dataRows(page).first()).toBeVisible()
  const total = Number((await page.locator('.project-count').innerText()).replace(/\D/g, ''))
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await (await download).path()
  const lines = (await readFile(file, 'utf8')).trim().split('\r\n')
  expect(lines[0].replace(/^\uFEFF/, '')).toMatch(/^key,name,synthetic,registry,/)
  expect(lines).toHaveLength(total + 1)
  expect(lines.slice(1).every((line) => line.startsWith('ACR'))).toBe(true)
  await expect(page.getByText(`Exported ${total.toLocaleString('en-US')} projects.`)).toBeVisible()
})

test('the browser and a project page pass axe, in light and dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto('/projects?label=ICVCM%20CCP-Approved')
    const [key] = await keysShown(page, 1)
    await expect(page.getByText(/^\$\d/).first()).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto(`/projects/${key}`)
    await expect(page.getByText(/Composite score/)).toBeVisible()
    await page.getByRole('region', { name: 'Quality' }).getByText('Show the numbers as a table').click()
    await expectNoAxeViolations(page)
  }
})
