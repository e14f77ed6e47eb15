import type { CoverageMatrix } from '../../src/api/contract/coverage'
import type { SourceRun } from '../../src/api/contract/sources'
import { apiUrl, expect, expectNoAxeViolations, test, tokens } from './fixtures'

/** The coverage heatmap: drawing time, hover, keyboard, opening projects, selecting stale cells, URL state. */
type Api = { get: (url: string, options: { headers: Record<string, string> }) => Promise<{ json: () => Promise<unknown> }> }
const read = async <T>(request: Api, path: string) =>
  (await (await request.get(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${tokens.live}` } })).json()) as T

test('draws ten thousand projects by every source within 300 ms and hovers within a frame', async ({ page, request }) => {
  const matrix = await read<CoverageMatrix>(request, '/api/coverage?per_page=1')
  expect(matrix.total).toBeGreaterThanOrEqual(10_000)
  await page.goto('/coverage')
  const canvas = page.locator('canvas[data-draw-ms]')
  await expect(canvas).toBeVisible()
  await expect(canvas).toHaveAttribute('data-drawn-rows', String(matrix.total))
  const drawMs = Number(await canvas.getAttribute('data-draw-ms'))
  expect(drawMs).toBeLessThan(300)

  // Frames while the pointer sweeps the map: none should take much longer than one display frame.
  const box = (await page.getByRole('application', { name: /Coverage heatmap/ }).boundingBox())!
  await page.evaluate(() => {
    const frames: number[] = []
    ;(window as unknown as { frames_: number[] }).frames_ = frames
    let last = performance.now()
    const tick = (now: number) => {
      frames.push(now - last)
      last = now
      if (frames.length < 5_000) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  for (let i = 0; i < 120; i++) {
    await page.mouse.move(box.x + 2 + ((i * 37) % (box.width - 4)), box.y + 2 + ((i * 17) % (box.height - 4)))
  }
  const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_.slice(2).sort((a, b) => a - b))
  const p95 = frames[Math.floor(frames.length * 0.95)]
  test.info().annotations.push({ type: 'heatmap', description: `draw ${drawMs} ms for ${matrix.total} rows; hover frame p95 ${p95.toFixed(1)} ms` })
  expect(p95).toBeLessThan(34)
})

test('hovering a cell shows its project, source, last update and age', async ({ page }) => {
  await page.goto('/coverage?rows=16')
  const heatmap = page.getByRole('application', { name: /Coverage heatmap/ })
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  const box = (await heatmap.boundingBox())!
  // The first data column, first row (past the gutter of project keys).
  await page.mouse.move(box.x + 140, box.y + 8)
  const tooltip = page.locator('.heatmap-tooltip')
  await expect(tooltip).toBeVisible()
  await expect(tooltip).toContainText(/\([A-Z]+\d+\)/)
  await expect(tooltip).toContainText('Berkeley Voluntary Registry Offsets Database')
  await expect(tooltip).toContainText(/Fresh|Stale|Never updated/)
  await expect(tooltip).toContainText(/updated .* ago|never updated/)
})

test('the arrow keys move across cells and the focused cell is announced', async ({ page, request }) => {
  const matrix = await read<CoverageMatrix>(request, '/api/coverage?sort=stalest&per_page=2')
  await page.goto('/coverage')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  // Reach the map from the keyboard: after the last filter (Reset view is disabled on a plain view) it is next.
  await expect(page.getByRole('button', { name: 'Reset view' })).toBeDisabled()
  await page.getByLabel('Row height').focus()
  await page.keyboard.press('Tab')
  const heatmap = page.getByRole('application', { name: /Coverage heatmap/ })
  await expect(heatmap).toBeFocused()
  const announcer = page.locator('[aria-live="polite"]', { hasText: 'Focused:' })
  await expect(announcer).toContainText(`Focused: ${matrix.rows[0].name} (${matrix.rows[0].key}), ${matrix.sources[0].name}:`)
  await page.keyboard.press('ArrowRight')
  await expect(announcer).toContainText(`, ${matrix.sources[1].name}:`)
  await page.keyboard.press('ArrowDown')
  await expect(announcer).toContainText(`Focused: ${matrix.rows[1].name} (${matrix.rows[1].key}), ${matrix.sources[1].name}:`)
  await expect(announcer).toHaveText(/: ((fresh|stale)(, (due soon|long overdue))?, updated .* ago|never updated|not applicable)/)
  await expect(page.locator('.heatmap-tooltip')).toContainText(matrix.rows[1].key)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/projects/${matrix.rows[1].key}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('clicking a cell opens its project', async ({ page, request }) => {
  const matrix = await read<CoverageMatrix>(request, '/api/coverage?sort=key&per_page=1')
  await page.goto('/coverage?sort=key&rows=24')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  const box = (await page.getByRole('application', { name: /Coverage heatmap/ }).boundingBox())!
  await page.mouse.click(box.x + box.width - 20, box.y + 10)
  await expect(page).toHaveURL(new RegExp(`/projects/${matrix.rows[0].key}$`))
})

test('selecting the stale cells of a source starts a run for exactly those projects', async ({ page, request }) => {
  const matrix = await read<CoverageMatrix>(request, '/api/coverage?type=Wind&per_page=20000')
  // A simulated source: a registry is refused (not connected), and a Berkeley run would import the real file into
  // the shared catalogue, which the other suites expect generated.
  const source = matrix.sources.find((s) => s.registry === null && s.id !== 'src_vrod' && s.summary.stale > 0 && s.summary.stale <= 1000)!
  await page.goto('/coverage?type=Wind')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await page.getByRole('button', { name: `Select stale cells of ${source.name}` }).click()
  const count = source.summary.stale.toLocaleString('en-US')
  const bar = page.getByRole('region', { name: new RegExp(`^${count} projects? selected from`) })
  await expect(bar).toBeVisible()
  await expectNoAxeViolations(page)
  await bar.getByRole('button', { name: /Start a run for/ }).click()
  await expect(page).toHaveURL(/\/sources\/runs\/run_/)
  const run = await read<SourceRun>(request, `/api/source-runs/${page.url().split('/').pop()}`)
  expect(run.source_id).toBe(source.id)
  expect(run.project_keys).toHaveLength(source.summary.stale)
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 })
})

test('shift-click adds cells to the selection of their source', async ({ page }) => {
  await page.goto('/coverage?rows=24')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  // Below the notices the map may start under the fold: clicks land only on what is in view.
  await page.getByRole('application', { name: /Coverage heatmap/ }).scrollIntoViewIfNeeded()
  const box = (await page.getByRole('application', { name: /Coverage heatmap/ }).boundingBox())!
  // The first column is the dataset, which covers every project.
  await page.keyboard.down('Shift')
  await page.mouse.click(box.x + 140, box.y + 10)
  await page.mouse.click(box.x + 140, box.y + 34)
  await page.keyboard.up('Shift')
  await expect(page.getByRole('region', { name: /^2 projects selected from Berkeley/ })).toBeVisible()
  await expect(page).toHaveURL(/\/coverage/)
})

test('the view lives in the URL and survives a reload', async ({ page }) => {
  await page.goto('/coverage')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await page.getByLabel('Projects with a cell that is').selectOption('missing')
  await page.getByLabel('Order').selectOption('key')
  await page.getByLabel('Row height').selectOption('8')
  await expect(page).toHaveURL(/state=missing/)
  await expect(page).toHaveURL(/sort=key/)
  await expect(page).toHaveURL(/rows=8/)
  await page.reload()
  await expect(page.getByLabel('Projects with a cell that is')).toHaveValue('missing')
  await expect(page.getByLabel('Order')).toHaveValue('key')
  await expect(page.getByLabel('Row height')).toHaveValue('8')
})

test('the coverage page passes axe in light and dark', async ({ page }) => {
  await page.goto('/coverage')
  await expect(page.locator('canvas[data-draw-ms]')).toBeVisible()
  await page.getByRole('application', { name: /Coverage heatmap/ }).focus()
  await expect(page.locator('.heatmap-tooltip')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page)
})
