import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { existsSync } from 'node:fs'
import { chromiumArgs } from '../../playwright.config'
import { startPreviewWithApi } from '../support/preview-server'
import { berkeleyFile } from '../support/real-files'

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
    const recommendation = await shortlistOf(preview.url, 100_000)
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
    // 4G (150 ms round trip, 1.6 Mbps). A buyer writes a brief and reads a shortlist on a phone too: on Berkeley's
    // real catalogue where the file is at hand (its shortlist is the one buyers read), the median of three runs.
    const mobile = await measureMobile(chrome.port)
    return {
      preset: 'desktop',
      throttling: desktopConfig.settings?.throttling,
      targets: { performance: 95, accessibility: 100, bestPractices: 100 },
      routes: results,
      mobile: { preset: 'mobile', targets: { performance: 90 }, ...mobile },
    }
  } finally {
    await chrome.kill()
    await preview.stop()
  }
}

/** A shortlist made through the preview's proxy, as the app makes one. */
async function shortlistOf(url: string, budgetUsd: number): Promise<{ id: string }> {
  const made = await fetch(`${url}/api/recommendations`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ budget_usd: budgetUsd }) })
  return (await made.json()) as { id: string }
}

async function measureMobile(port: number) {
  const real = existsSync(berkeleyFile)
  const preview = await startPreviewWithApi(real ? { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: berkeleyFile } : {})
  try {
    const recommendation = await shortlistOf(preview.url, 500_000)
    const routes = []
    console.log(`\nLighthouse (mobile preset), production build, ${real ? "Berkeley's real catalogue" : 'the generated catalogue'}, median of three:`)
    for (const route of ['/', `/recommendations/${recommendation.id}`]) {
      const runs: { performance: number; tbtMs: number; lcpMs: number }[] = []
      for (let i = 0; i < 3; i++) {
        const { lhr } = (await lighthouse(`${preview.url}${route}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
        })
      }
      const median = <K extends keyof (typeof runs)[number]>(key: K) => runs.map((r) => r[key]).sort((a, b) => a - b)[1]
      const result = { route, performance: median('performance'), tbtMs: median('tbtMs'), lcpMs: median('lcpMs'), runs: runs.map((r) => r.performance) }
      routes.push(result)
      console.log(`  ${route.padEnd(40)} performance ${result.performance} (runs ${result.runs.join(', ')})  total blocking ${result.tbtMs} ms  LCP ${result.lcpMs} ms`)
    }
    return { catalogue: real ? 'vrod' : 'generated', routes }
  } finally {
    await preview.stop()
  }
}
