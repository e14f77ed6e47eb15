import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { startApiServer, type ApiServer } from '../support/api-server'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { seededFromBerkeley } from '../support/real-files'

/** Origins of the two previews: the live-token app and the sandbox-key app. */
export const appUrl = `http://localhost:${process.env.E2E_APP_PORT ?? 4173}`
export const sandboxAppUrl = `http://localhost:${process.env.E2E_SANDBOX_APP_PORT ?? 4174}`
export const contractAppUrl = `http://localhost:${process.env.E2E_CONTRACT_APP_PORT ?? 4175}`
export const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8797}`
export const tokens = { live: 'dev-access-token', sandbox: 'sandbox-key' }
export { sandboxRateWindowMs } from '../../playwright.config'

/** An API of its own seeded from Berkeley's file, and a preview in front of it. */
export interface BerkeleyCatalogue {
  api: ApiServer
  preview: PreviewServer
}

export const test = base.extend<{ apiRequests: { url: URL; method: string; headers: Record<string, string> }[] }, { berkeley: BerkeleyCatalogue }>({
  /** Every request the page sends, so tests can count API calls and check that none carries a credential. */
  apiRequests: async ({ page }, use) => {
    const seen: { url: URL; method: string; headers: Record<string, string> }[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) seen.push({ url, method: request.method(), headers: request.headers() })
    })
    await use(seen)
  },
  /**
   * Seeding Berkeley's file is the longest start there is, so the specs that need its real projects share one for
   * the worker's life: layout-fit.spec.ts reads it as released, then registry-whole-export.spec.ts (after it, files
   * running in name order) imports every registry into it. It is not the shared generated API the others use.
   */
  berkeley: [
    // Playwright reads which fixtures this one needs from its first parameter's pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const api = await startApiServer({ startTimeoutMs: 240_000, env: seededFromBerkeley })
      const preview = await startPreview(api.url)
      await use({ api, preview })
      await preview.stop()
      await api.stop()
    },
    { scope: 'worker', timeout: 300_000 },
  ],
})
export { expect }

/**
 * Every rule axe has, its violations named. Only the violations are gathered node by node: the rules that passed or
 * did not apply are not described element by element, which took 10 to 25% of each analysis (1.6 to 1.7 s rather
 * than 1.9 to 2.2 s on the project browser of Berkeley's catalogue at 1280 px, in Chromium); what is checked is the same.
 *
 * Run in the page itself (`axe.run`, the builder's legacy mode), not in parts gathered from each frame and finished
 * in a blank page the builder opens, injects axe into again and closes: the app has no frames, the rules and their
 * results are the same, and the project browser's analysis took 0.95 CPU-s rather than 2.0 to 2.4 (the sources page,
 * 0.46 rather than 1.05; /proc/stat around three analyses of each page, 30 Nov 2026).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
