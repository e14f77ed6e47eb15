import { chromium } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumArgs } from '../../playwright.config'
import { fitWidths, measureFit, routesToCheck, settle } from '../support/page-fit'
import { startPreview, startPreviewWithApi, type PreviewServer } from '../support/preview-server'

/**
 * A screenshot of every route at 1280 and 412 px into bench-results/screenshots/, with how wide each page is
 * against its screen. On the production build (run `npx vite build` first), in front of the API at
 * CREDENCE_API_URL when set, else of an API it starts on the live catalogue (Berkeley's file when at hand).
 */
export async function writeScreenshots(folder = 'bench-results/screenshots') {
  mkdirSync(folder, { recursive: true })
  const upstream = process.env.CREDENCE_API_URL
  const preview: PreviewServer = upstream
    ? await startPreview(upstream, process.env.CREDENCE_API_TOKEN || 'dev-access-token')
    : await startPreviewWithApi({ CREDENCE_LIVE_DATA: process.env.CREDENCE_LIVE_DATA ?? 'vrod' })
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs })
  const report: { route: string; width: number; scrollWidth: number; fits: boolean; overflowing: string }[] = []
  try {
    const routes = await routesToCheck(preview.url)
    for (const width of fitWidths) {
      const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 915 }, reducedMotion: 'reduce' })
      const page = await context.newPage()
      for (const route of routes) {
        await page.goto(`${preview.url}${route.path}`)
        await settle(page)
        const fit = await measureFit(page)
        await page.screenshot({ path: join(folder, `${route.name}-${width}.png`), fullPage: true })
        report.push({ route: route.name, width, scrollWidth: fit.scrollWidth, fits: fit.scrollWidth <= fit.viewport, overflowing: fit.overflowing.slice(0, 2).join('; ') })
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await preview.stop()
  }
  return report
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await writeScreenshots()
  console.table(report)
  console.log('Screenshots in bench-results/screenshots/')
}
