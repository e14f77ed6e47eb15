import { apiUrl, expect, expectNoAxeViolations, sandboxAppUrl, test, tokens } from './fixtures'

/** Issue: the buyer's journey, brief → shareable, explained shortlist. */
test('a brief filled by its labels lands on a shortlist that opens the same in a fresh browser', async ({ page, browser, apiRequests }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/Credence/)
  await page.getByLabel('Budget (USD)').fill('250000')
  await page.getByLabel('Minimum vintage').fill('2015')
  await page.getByRole('checkbox', { name: /Biodiversity/ }).check()
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\/rec_/)
  const firstProject = page.getByRole('row').nth(1).getByRole('link').first()
  await expect(firstProject).toBeVisible()
  const name = await firstProject.innerText()
  await expect(page.getByText(/credence-rank\/1/).first()).toBeVisible()

  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto(page.url())
  await expect(other.getByRole('row').nth(1).getByRole('link').first()).toHaveText(name)
  await fresh.close()

  for (const request of apiRequests) expect(request.headers.authorization).toBeUndefined()
})

test('an invalid brief shows the error next to its field and keeps what was typed', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Budget (USD)').fill('-5')
  await page.getByLabel('Minimum vintage').fill('1800')
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  const budget = page.getByLabel('Budget (USD)')
  await expect(budget).toHaveAttribute('aria-invalid', 'true')
  await expect(budget).toHaveAccessibleDescription(/more than \$0/)
  await expect(page.getByLabel('Minimum vintage')).toHaveAccessibleDescription(/1990 or later/)
  await expect(budget).toHaveValue('-5')
  await expect(page).toHaveURL(/\/$/)
})

test('the shortlist exports CSV, copies its link, and refines the brief it answers', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByLabel('Budget (USD)').fill('75000')
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\//)
  await expect(page.getByRole('row').nth(1)).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  const text = await new Promise<string>((resolve) => {
    let data = ''
    csv.on('data', (chunk) => (data += chunk))
    csv.on('end', () => resolve(data))
  })
  const lines = text.trim().split(/\r?\n/)
  expect(lines[0]).toMatch(/Rank/)
  expect(lines.length).toBeGreaterThanOrEqual(11)

  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied')).toBeVisible()

  await page.getByRole('button', { name: 'Refine brief' }).or(page.getByRole('link', { name: 'Refine brief' })).click()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue(/75,?000/)
})

test('an unknown recommendation ID shows a clear not-found state', async ({ page }) => {
  await page.goto('/recommendations/rec_doesnotexist')
  await expect(page.getByRole('heading', { name: 'No recommendation with this ID' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})

test('a 429 from the sandbox says the evaluation quota is used up, keeps the brief, and recovers', async ({ page, request }) => {
  await page.goto(sandboxAppUrl)
  await expect(page.getByText('Sandbox')).toBeVisible()
  await page.getByLabel('Budget (USD)').fill('12345')
  // Use up the sandbox key's quota from outside the app (its window is 15 s in these tests).
  const exhaustedAt = Date.now()
  for (let i = 0; i < 70; i++) {
    const answer = await request.get(`${apiUrl}/api/sources`, { headers: { authorization: `Bearer ${tokens.sandbox}` } })
    if (answer.status() === 429) break
  }
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await expect(page.getByText(/evaluation quota is used up/i).first()).toBeVisible()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue(/12,?345/)
  // Once the window has passed, the same brief goes through.
  await page.waitForTimeout(Math.max(0, exhaustedAt + 16_000 - Date.now()))
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\//, { timeout: 30_000 })
  await expect(page.getByText('Simulated').first()).toBeVisible()
})

test('the brief and the shortlist pass axe', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Get recommendations' })).toBeEnabled()
  await expect(page.getByRole('checkbox').first()).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Budget (USD)').fill('50000')
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\//)
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await expectNoAxeViolations(page)
})
