import { readFileSync } from 'node:fs'
import { call } from '../support/http'
import { apiUrl, expect, test } from './fixtures'

/*
 * A page names in its head the modules and reads it will need, so they are asked for alongside the entry script
 * (proxy/route-preloads.ts). A hint the page does not take is a request wasted: each read must be sent once, and
 * the browser must find nothing preloaded in vain.
 */
test('a shortlist\'s page asks for its data and modules at once, and each read is sent once', async ({ page, apiRequests }) => {
  const made = await call<{ id: string }>(apiUrl, '/api/recommendations', { json: { budget_usd: 100_000 } })
  const previous = await call<{ id: string }>(apiUrl, '/api/recommendations', { json: { budget_usd: 50_000 } })
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text())
  })
  const response = await page.goto(`/recommendations/${made.body.id}?vs=${previous.body.id}`)
  const html = (await response!.text()) ?? ''
  expect(html).toContain(`<link rel="preload" href="/api/recommendations/${made.body.id}" as="fetch" crossorigin>`)
  // The route's module, named by its hash alone (vite.config.ts): the build's manifest says which file holds it.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>
  expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/app/routes/recommendation.tsx'].file}">`)
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Chromium reports a preload not taken a few seconds after the load event.
  await page.waitForTimeout(4000)
  const reads = apiRequests.filter((request) => request.method === 'GET').map((request) => request.url.pathname + request.url.search)
  for (const path of ['/api/catalogue', `/api/recommendations/${made.body.id}`, `/api/recommendations/${previous.body.id}`]) {
    expect(reads.filter((read) => read === path), path).toHaveLength(1)
  }
  expect(warnings).toEqual([])
})

test('the home page asks for the brief\'s choices with its first response', async ({ page, apiRequests }) => {
  const response = await page.goto('/')
  expect(await response!.text()).toContain('<link rel="preload" href="/api/projects/facets" as="fetch" crossorigin>')
  await expect(page.getByLabel('Budget (USD)')).toBeVisible()
  await expect(page.getByLabel('Project type', { exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(apiRequests.filter((request) => request.url.pathname === '/api/projects/facets')).toHaveLength(1)
})

test('an address whose percent-encoding is broken is the app\'s page, saying what it can of it', async ({ page }) => {
  // A link cut short in the middle of an encoded character: Vite's preview answered it with an empty 404.
  const response = await page.goto('/projects/%E0%A4%A')
  expect(response!.status()).toBe(200)
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'")
  expect(await response!.text()).not.toContain('/api/projects/%')
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()
  await expect(page.getByText('No project has the ID or registry key “%E0%A4%A”')).toBeVisible()
})
