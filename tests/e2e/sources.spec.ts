import type { Page } from '@playwright/test'
import type { CoverageMatrix } from '../../src/api/contract/coverage'
import type { Source, SourceRun, SourceRunPage } from '../../src/api/contract/sources'
import { ratingSourceName } from '../../src/server/sources/rating-source'
import { apiUrl, expect, expectNoAxeViolations, sandboxAppUrl, test, tokens } from './fixtures'

/** Sources and runs: the catalog, a run from the form followed to its end, idempotency and the sandbox. */
const headers = (token: string) => ({ authorization: `Bearer ${token}` })
type Api = { get: (url: string, options: { headers: Record<string, string> }) => Promise<{ json: () => Promise<unknown> }> }
const read = async <T>(request: Api, path: string, token = tokens.live) =>
  (await (await request.get(`${apiUrl}${path}`, { headers: headers(token) })).json()) as T

/** Projects whose market price is stale, so a market run for them visibly changes the coverage. */
async function staleMarketKeys(request: Api, count: number) {
  const matrix = await read<CoverageMatrix>(request, `/api/coverage?source=src_marketsource&state=stale&per_page=${count}`)
  return matrix.rows.map((row) => row.key)
}

const catalogRow = (page: Page, name: string) =>
  page.getByRole('table', { name: /Source catalog/ }).getByRole('row').filter({ hasText: name })

test('a run from the form is followed to its end, and the catalog and the coverage update without a reload', async ({ page, request, apiRequests }) => {
  const keys = await staleMarketKeys(request, 3)
  const freshBefore = (await read<CoverageMatrix>(request, '/api/coverage?source=src_marketsource&per_page=1')).sources[0].summary.fresh

  // Open the coverage first, so its matrix sits in the cache when the run ends.
  await page.goto('/coverage')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await page.getByRole('link', { name: 'Sources', exact: true }).click()
  await expect(catalogRow(page, 'Market prices')).toBeVisible()
  let documents = 0
  page.on('domcontentloaded', () => documents++)

  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Market prices (simulated) (marketsource)' })
  await page.getByLabel(/Project keys/).fill(keys.join(', '))
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page).toHaveURL(/\?run=run_/)
  const runId = new URL(page.url()).searchParams.get('run')!
  const followed = page.getByRole('region', { name: new RegExp(runId) })
  await expect(followed.getByText(/Queued|Running|Succeeded/).first()).toBeVisible()
  await expect(followed.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(followed.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })
  // What it changed, named for what the market writes: prices.
  await expect(followed.getByText(/^\d+ prices? (created|updated|changed)/)).toBeVisible()

  // The catalog re-reads the sources: the market's last run is now.
  await expect(catalogRow(page, 'Market prices')).toContainText('less than an hour ago')
  await expect(page.getByRole('region', { name: 'Recent runs' }).getByRole('link', { name: runId })).toBeVisible()

  // Back on the coverage, the matrix was refreshed from the shared cache: the market is fresher.
  const freshAfter = (await read<CoverageMatrix>(request, '/api/coverage?source=src_marketsource&per_page=1')).sources[0].summary.fresh
  expect(freshAfter).toBeGreaterThan(freshBefore)
  const coverageReads = apiRequests.filter((r) => r.url.pathname === '/api/coverage').length
  await page.getByRole('link', { name: 'Coverage', exact: true }).click()
  const market = page.getByRole('table', { name: 'Freshness by source' }).getByRole('row', { name: /^Market prices/ })
  await expect(market.getByRole('cell').nth(1)).toHaveText(freshAfter.toLocaleString('en-US'))
  expect(apiRequests.filter((r) => r.url.pathname === '/api/coverage').length).toBeGreaterThan(coverageReads)
  expect(documents).toBe(0)
})

test('a double click on "Start run" starts one run', async ({ page, request, apiRequests }) => {
  const keys = (await staleMarketKeys(request, 8)).slice(5, 8)
  await page.goto('/sources')
  await page.getByLabel('Source', { exact: true }).selectOption({ label: `${ratingSourceName} (ratings)` })
  await page.getByLabel(/Project keys/).fill(keys.join('\n'))
  await page.getByRole('button', { name: 'Start run' }).dblclick()
  await expect(page).toHaveURL(/\?run=run_/)
  await expect(page.getByRole('region', { name: /run_/ }).getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })

  const posts = apiRequests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/source-runs')
  expect(posts).toHaveLength(1)
  expect(posts[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  const runs = (await read<SourceRunPage>(request, '/api/source-runs?per_page=50')).data.filter(
    (run) => JSON.stringify(run.project_keys) === JSON.stringify(keys),
  )
  expect(runs).toHaveLength(1)
  const recent = page.getByRole('region', { name: 'Recent runs' })
  await expect(recent.getByRole('link', { name: runs[0].id })).toHaveCount(1)
})

test('each run has its own address, which follows it like the sources page does', async ({ page, browser }) => {
  await page.goto('/sources')
  await page.getByLabel('Source', { exact: true }).selectOption({ label: `${ratingSourceName} (ratings)` })
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page).toHaveURL(/\?run=run_/)
  const runId = new URL(page.url()).searchParams.get('run')!

  // A colleague opens the shared link in a browser of their own.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin })
  const colleague = await context.newPage()
  await colleague.goto(`/sources/runs/${runId}`)
  // A re-rate of every project holds the embedded store for a few seconds as it commits; the page waits with it.
  await expect(colleague.getByRole('heading', { level: 1, name: new RegExp(`${ratingSourceName.replace(/[()]/g, '\\$&')} run ${runId}`) })).toBeVisible({ timeout: 30_000 })
  await expect(colleague.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(colleague.getByText('Projects asked for', { exact: true })).toBeVisible()
  await expect(colleague.getByText('Every project the source covers')).toBeVisible()
  await expectNoAxeViolations(colleague)
  await context.close()
})

test('with the sandbox key a run is shown as simulated and nothing else changes', async ({ page, request }) => {
  const sandboxSources = async () =>
    (await read<{ data: Source[] }>(request, '/api/sources', tokens.sandbox)).data.map((s) => [s.id, s.last_success_at, s.state])
  const sandboxCoverage = async () =>
    (await read<CoverageMatrix>(request, '/api/coverage?per_page=1', tokens.sandbox)).sources.map((s) => [s.id, s.summary])
  const before = [await sandboxSources(), await sandboxCoverage()]

  await page.goto(`${sandboxAppUrl}/sources`)
  await expect(page.getByText(/With the sandbox key a run is simulated/)).toBeVisible()
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Market prices (simulated) (marketsource)' })
  await page.getByRole('button', { name: 'Start run' }).click()
  const followed = page.getByRole('region', { name: /run_/ })
  await expect(followed.getByText('Simulated', { exact: true })).toBeVisible()
  await expect(followed.getByText(/Simulated run: .* no data is changed/)).toBeVisible()
  await expect(followed.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })
  const run = await read<SourceRun>(request, `/api/source-runs/${new URL(page.url()).searchParams.get('run')}`, tokens.sandbox)
  expect(run.simulated).toBe(true)
  expect([await sandboxSources(), await sandboxCoverage()]).toEqual(before)
})

test("every heading of the catalog that sorts puts its arrow after its words, a number's as a name's", async ({ page }) => {
  await page.goto('/sources')
  const buttons = page.locator('.catalog-table .sort-button')
  await expect(buttons.first()).toBeVisible()
  const arrowFirst = await buttons.evaluateAll((all) =>
    all.flatMap((button) => {
      const arrow = button.querySelector('.sort-indicator')!.getBoundingClientRect()
      const words = [...button.childNodes].filter((node) => !(node instanceof Element && node.classList.contains('sort-indicator')))
      const range = document.createRange()
      range.setStartBefore(words[0])
      range.setEndAfter(words.at(-1)!)
      return arrow.left < range.getBoundingClientRect().right ? [button.textContent] : []
    }),
  )
  expect(arrowFirst).toEqual([])
})

test('the page holds still while the catalog loads: its placeholder takes about the room of the catalog', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 })
  await page.addInitScript(() => {
    const shift = { total: 0 }
    ;(window as unknown as { layoutShift: typeof shift }).layoutShift = shift
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shift.total += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // The catalog is held back until its placeholder has been painted, as on a slow connection.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === '/api/sources',
    async (route) => {
      await held
      await route.continue()
    },
  )
  const painted = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

  await page.goto('/sources')
  await expect(page.getByText('Loading the source catalog…')).toBeAttached()
  await painted()
  release()
  await expect(catalogRow(page, 'Verra')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start run' })).toBeVisible()
  await painted()
  // 0.1 is where Core Web Vitals stop calling layout shift good.
  expect(await page.evaluate(() => (window as unknown as { layoutShift: { total: number } }).layoutShift.total)).toBeLessThan(0.1)
})

test('the sources page passes axe, with a run followed on it', async ({ page }) => {
  await page.goto('/sources')
  await expect(catalogRow(page, 'Verra')).toBeVisible()
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page.getByText('Choose the source to run.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Market prices (simulated) (marketsource)' })
  await page.getByRole('button', { name: 'Start run' }).click()
  await expect(page.getByRole('region', { name: /run_/ }).getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expectNoAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page)
})

test('on a phone, a file that is not what it claims fails its run in view, beside the form it came from', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await page.goto('/sources')
  const form = page.getByRole('form', { name: 'Import a file' })
  await form.getByLabel('Import with').selectOption({ label: 'Verra Registry (verra)' })
  const chooser = page.waitForEvent('filechooser')
  await form.getByLabel('Files to import').click()
  await (await chooser).setFiles({ name: 'holiday-photos.csv', mimeType: 'text/csv', buffer: Buffer.from('where,when\nbeach,2025\n') })
  await form.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/[?&]run=run_/)
  // Disabled while the file uploaded, the button had let go of the focus; it has it back, where the keyboard left off.
  await expect(form.getByRole('button', { name: 'Import', exact: true })).toBeFocused()
  const runId = new URL(page.url()).searchParams.get('run')!
  const run = page.getByRole('region', { name: new RegExp(runId) })
  await expect(run.getByText('Failed', { exact: true })).toBeVisible()
  // Brought into view as it started: the reader sees why without looking for it.
  await expect(run.getByText(/holiday-photos\.csv/).first()).toBeInViewport()
})
