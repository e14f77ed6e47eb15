import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** Origins of the two previews: the live-token app and the sandbox-key app. */
export const appUrl = `http://localhost:${process.env.E2E_APP_PORT ?? 4173}`
export const sandboxAppUrl = `http://localhost:${process.env.E2E_SANDBOX_APP_PORT ?? 4174}`
export const contractAppUrl = `http://localhost:${process.env.E2E_CONTRACT_APP_PORT ?? 4175}`
export const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8797}`
export const tokens = { live: 'dev-access-token', sandbox: 'sandbox-key' }
export { sandboxRateWindowMs } from '../../playwright.config'

/** Every request the page sends, so tests can count API calls and check that none carries a credential. */
export const test = base.extend<{ apiRequests: { url: URL; method: string; headers: Record<string, string> }[] }>({
  apiRequests: async ({ page }, use) => {
    const seen: { url: URL; method: string; headers: Record<string, string> }[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) seen.push({ url, method: request.method(), headers: request.headers() })
    })
    await use(seen)
  },
})
export { expect }

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}
