import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromiumArgs } from '../../playwright.config'
import { startPreviewWithApi } from '../support/preview-server'

/**
 * Lighthouse on each route of the production build, with Debian's Chromium, under Lighthouse's own desktop
 * preset: desktop screen and user agent, and desktop throttling (40 ms round trip, 10 Mbps, no CPU slowdown).
 * Flags alone would keep the default mobile throttling while the report says desktop. Then the brief form and a
 * shortlist under the mobile preset (Lighthouse's default), held to performance 90.
 */
export async function measureLighthouse() {
  const preview = await startPreviewWithApi()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...chromiumArgs],
  })
  try {
    const key = ((await (await fetch(`${preview.url}/api/projects?per_page=1`)).json()) as { data: { key: string }[] }).data[0].key
    const recommendation = (await (
      await fetch(`${preview.url}/api/recommendations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: preview.url }, body: JSON.stringify({ budget_usd: 100000 }) })
    ).json()) as { id: string }
    const routes = ['/', `/recommendations/${recommendation.id}`, '/projects', `/projects/${key}`, `/prices?keys=${key}`, '/sources', '/coverage']
    const results = []
    console.log('\nLighthouse (desktop preset), production build:')
    for (const route of routes) {
      const run = await lighthouse(
        `${preview.url}${route}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        desktopConfig,
      )
      const categories = run!.lhr.categories
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100)
      const result = { route, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices') }
      results.push(result)
      console.log(`  ${route.padEnd(40)} performance ${result.performance}  accessibility ${result.accessibility}  best-practices ${result.bestPractices}`)
    }
    // Lighthouse's default config is its mobile preset: a mid-range phone's screen, 4× CPU slowdown and slow
    // 4G (150 ms round trip, 1.6 Mbps). A buyer writes a brief and reads a shortlist on a phone too.
    const mobileRoutes = ['/', `/recommendations/${recommendation.id}`]
    const mobile = []
    console.log('\nLighthouse (mobile preset), production build:')
    for (const route of mobileRoutes) {
      const run = await lighthouse(`${preview.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      const result = { route, performance: Math.round((run!.lhr.categories.performance?.score ?? 0) * 100) }
      mobile.push(result)
      console.log(`  ${route.padEnd(40)} performance ${result.performance}`)
    }
    return {
      preset: 'desktop',
      throttling: desktopConfig.settings?.throttling,
      targets: { performance: 95, accessibility: 100, bestPractices: 100 },
      routes: results,
      mobile: { preset: 'mobile', targets: { performance: 90 }, routes: mobile },
    }
  } finally {
    await chrome.kill()
    await preview.stop()
  }
}
