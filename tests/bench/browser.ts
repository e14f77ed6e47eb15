import { chromium, type Page } from '@playwright/test'
import { chromiumArgs } from '../../playwright.config'
import { measureFilterChange, percentile } from './filter-change'
import { startPreviewWithApi } from '../support/preview-server'

/**
 * In Chromium, on the production build: time to the first rows of each route, filter change to new rows,
 * heatmap draw, frame times while scrolling and hovering, and the API requests of a journey through every view.
 */

/** Frame intervals while `act` runs, from requestAnimationFrame in the page. */
async function frameTimes(page: Page, act: () => Promise<void>) {
  // A string, not a function: the TypeScript loader would wrap a named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = []
    window.__recording = true
    let last = performance.now()
    const tick = (now) => {
      window.__frames.push(now - last)
      last = now
      if (window.__recording) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  await act()
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean }
    w.__recording = false
    return w.__frames.slice(1)
  })
}

async function timeToSelector(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(url)
  await ready(page).catch(async (error: Error) => {
    await page.screenshot({ path: 'bench-results/failed.png' })
    throw new Error(`${url}: ${error.message}`)
  })
  return Math.round(await page.evaluate(() => performance.now()))
}

export async function measureBrowser() {
  const preview = await startPreviewWithApi()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  const base = preview.url
  try {
    const key = ((await (await fetch(`${base}/api/projects?per_page=1&status=registered`)).json()) as { data: { key: string }[] }).data[0].key
    const recommendation = (await (
      await fetch(`${base}/api/recommendations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ budget_usd: 250000 }) })
    ).json()) as { id: string; items: unknown[] }
    if (!recommendation.items?.length) throw new Error(`No shortlist to measure: ${JSON.stringify(recommendation).slice(0, 300)}`)

    const rows = (p: Page) => p.getByRole('row').nth(1).waitFor()
    const firstRows: Record<string, number> = {
      '/': await timeToSelector(page, `${base}/`, (p) => p.getByRole('button', { name: 'Get recommendations' }).waitFor()),
      '/recommendations/:id': await timeToSelector(page, `${base}/recommendations/${recommendation.id}`, rows),
      '/projects': await timeToSelector(page, `${base}/projects`, rows),
      '/projects/:id': await timeToSelector(page, `${base}/projects/${key}`, (p) => p.getByRole('heading', { level: 1 }).waitFor()),
      '/prices': await timeToSelector(page, `${base}/prices?keys=${key}`, rows),
      '/sources': await timeToSelector(page, `${base}/sources`, rows),
      '/coverage': await timeToSelector(page, `${base}/coverage`, (p) => p.locator('canvas[data-draw-ms]').first().waitFor()),
    }
    console.log('\nBrowser (Chromium, production build):')
    for (const [route, ms] of Object.entries(firstRows)) console.log(`  first rows ${route.padEnd(22)} ${ms} ms after navigation start`)

    const filterChange = await measureFilterChange(page, base)
    console.log(
      `  filter change → new rows (${filterChange.samples} filter states, none cached): p50 ${filterChange.p50} ms, p95 ${filterChange.p95} ms, max ${filterChange.max} ms (budget p95 150 ms)`,
    )

    // Scrolling a page of 200 rows.
    await page.goto(`${base}/projects?per_page=200`)
    await rows(page)
    const table = page.getByRole('grid').or(page.getByRole('table')).first()
    await table.hover()
    const scroll = await frameTimes(page, async () => {
      for (let i = 0; i < 60; i++) {
        await page.mouse.wheel(0, i < 30 ? 240 : -240)
        await page.waitForTimeout(16)
      }
    })
    const scrolling = { frames: scroll.length, p95: percentile(scroll, 95), budget_p95_ms: 20 }
    console.log(`  scrolling 200 rows: frame p95 ${scrolling.p95} ms over ${scrolling.frames} frames (budget 20 ms)`)

    // The heatmap: draw time as the page records it, and frames while the pointer moves across it.
    await page.goto(`${base}/coverage?per_page=20000`)
    const canvas = page.locator('canvas[data-draw-ms]').first()
    await canvas.waitFor()
    await page.waitForTimeout(500)
    const drawMs = Number(await canvas.getAttribute('data-draw-ms'))
    const box = (await canvas.boundingBox())!
    const hover = await frameTimes(page, async () => {
      for (let i = 0; i < 60; i++) {
        await page.mouse.move(box.x + ((i * 37) % box.width), box.y + ((i * 53) % Math.min(box.height, 800)))
        await page.waitForTimeout(16)
      }
    })
    const rowCount = await page.evaluate(() => document.querySelector('canvas[data-drawn-rows]')?.getAttribute('data-drawn-rows'))
    const heatmap = { drawMs, rows: rowCount ? Number(rowCount) : null, hoverFrameP95: percentile(hover, 95), budget_draw_ms: 300, budget_hover_frame_ms: 16 }
    console.log(`  heatmap draw ${drawMs} ms (budget 300 ms); hover frame p95 ${heatmap.hoverFrameP95} ms (budget 16 ms)`)

    // A journey through every view in one fresh tab, counting its API requests.
    const journeyPage = await context.newPage()
    let requests = 0
    journeyPage.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) requests++
    })
    await journeyPage.goto(`${base}/`)
    await journeyPage.getByLabel('Budget (USD)').fill('250000')
    await journeyPage.getByRole('button', { name: 'Get recommendations' }).click()
    await journeyPage.waitForURL(/\/recommendations\//)
    await rows(journeyPage)
    await journeyPage.getByRole('link', { name: 'Projects', exact: true }).click()
    await rows(journeyPage)
    await journeyPage.getByRole('row').nth(1).getByRole('link').first().click()
    await journeyPage.getByRole('heading', { level: 1 }).waitFor()
    await journeyPage.getByRole('link', { name: 'Prices', exact: true }).click()
    await journeyPage.getByLabel('Project keys').fill(key)
    await journeyPage.getByRole('button', { name: 'Look up prices' }).click()
    await rows(journeyPage)
    await journeyPage.getByRole('link', { name: 'Sources', exact: true }).click()
    await rows(journeyPage)
    await journeyPage.getByRole('link', { name: 'Coverage', exact: true }).click()
    await journeyPage.locator('canvas[data-draw-ms]').first().waitFor()
    await journeyPage.waitForLoadState('networkidle')
    const journey = { apiRequests: requests, budget: 60 }
    console.log(`  full journey through every view: ${requests} API requests (sandbox allows 60 a minute)`)

    return { firstRowsMs: firstRows, filterChange, scrolling, heatmap, journey }
  } finally {
    await browser.close()
    await preview.stop()
  }
}
