import { apiUrl, expect, expectNoAxeViolations, sandboxAppUrl, test, tokens } from './fixtures'

/** Issue: data operations: the source catalog, ingest runs with live progress, and the coverage heatmap. */
const runPosts = (requests: { url: URL; method: string; headers: Record<string, string> }[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/source-runs')

async function marketPriceAge(page: import('@playwright/test').Page) {
  const row = page.getByRole('table', { name: /Source catalog/ }).getByRole('row').filter({ hasText: 'Market prices (simulated)' })
  return row.innerText()
}

test('a run started from the form is followed to its end, and the catalog and coverage update without a reload', async ({ page, apiRequests, request }) => {
  const keys = (
    await (await request.get(`${apiUrl}/api/projects?status=registered&per_page=3`, { headers: { authorization: `Bearer ${tokens.live}` } })).json()
  ).data.map((p: { key: string }) => p.key)
  await page.goto('/sources')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  const before = await marketPriceAge(page)
  const sourceReads = () => apiRequests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/sources').length
  const readsBefore = sourceReads()

  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Market prices (simulated) (marketsource)' })
  await page.getByLabel(/Project keys/).fill(keys.join('\n'))
  // A double click must not start two runs.
  await page.getByRole('button', { name: 'Start run' }).dblclick()
  const mine = (r: { project_keys: string[] | null }) => JSON.stringify(r.project_keys) === JSON.stringify(keys)
  const myRuns = async () =>
    (await (await request.get(`${apiUrl}/api/source-runs?per_page=20`, { headers: { authorization: `Bearer ${tokens.live}` } })).json()).data.filter(mine)
  await expect.poll(async () => (await myRuns()).length).toBe(1)
  const runs = await myRuns()
  expect(new Set(runPosts(apiRequests).map((r) => r.headers['idempotency-key'])).size).toBe(1)
  // The run the form started is followed on the page until it succeeds.
  const followed = page.getByRole('region', { name: new RegExp(runs[0].id) }).first()
  await expect(followed.getByText('Succeeded').first()).toBeVisible({ timeout: 30_000 })

  // The catalog refreshes from the shared cache once the run succeeds: no reload, a new read of the sources.
  await expect.poll(sourceReads).toBeGreaterThan(readsBefore)
  await expect.poll(() => marketPriceAge(page)).toContain('Healthy')
  expect(before).toContain('Market prices')
  await page.getByRole('link', { name: 'Coverage', exact: true }).click()
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
})

test('a run is shareable at its own address and shows its counts', async ({ page, request }) => {
  const run = await (
    await request.post(`${apiUrl}/api/source-runs`, {
      headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/json' },
      data: { source: 'ratings', project_keys: ['NOPE1'] },
    })
  ).json()
  await page.goto(`/sources/runs/${run.id}`)
  await expect(page.getByText('Succeeded').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Skipped').first()).toBeVisible()
})

test('with the sandbox key a run is shown simulated and changes nothing', async ({ page, request }) => {
  const sources = async () =>
    (await (await request.get(`${apiUrl}/api/sources`, { headers: { authorization: `Bearer ${tokens.sandbox}` } })).json()).data.map(
      (s: { id: string; last_success_at: string; last_run: unknown }) => [s.id, s.last_success_at, s.last_run],
    )
  const before = await sources()
  await page.goto(`${sandboxAppUrl}/sources`)
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Credence quality ratings (simulated) (ratings)' })
  await page.getByLabel(/Project keys/).fill('NOPE1')
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page.getByText('Simulated').first()).toBeVisible()
  await expect(page.getByText('Succeeded').first()).toBeVisible({ timeout: 30_000 })
  expect(await sources()).toEqual(before)
})

test('the heatmap moves across cells with the arrow keys and announces the focused cell; Enter opens the project', async ({ page }) => {
  await page.goto('/coverage')
  const heatmap = page.getByRole('application', { name: /Coverage heatmap/ })
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await heatmap.focus()
  const announcer = page.locator('.heatmap-announcer')
  await expect(announcer).toHaveText(/Focused: /)
  const first = await announcer.innerText()
  await page.keyboard.press('ArrowRight')
  await expect(announcer).not.toHaveText(first)
  await page.keyboard.press('ArrowDown')
  const text = await announcer.innerText()
  expect(text).toMatch(/(fresh|stale|missing|not applicable)/i)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/projects\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('clicking a cell opens its project', async ({ page }) => {
  await page.goto('/coverage')
  const canvas = page.locator('canvas[data-draw-ms]')
  await expect(canvas).toBeVisible()
  const box = (await page.getByRole('application', { name: /Coverage heatmap/ }).boundingBox())!
  await page.mouse.click(box.x + box.width - 5, box.y + 5)
  await page.waitForURL(/\/projects\//)
})

test('the catalog and the heatmap pass axe', async ({ page }) => {
  await page.goto('/sources')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goto('/coverage')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await expectNoAxeViolations(page)
})
