import { startApiServer, type ApiServer } from '../support/api-server'
import { startPreview, startPreviewWithDefaultToken, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'

/**
 * The app against a running API, as the README documents it (CREDENCE_API_URL): with no token set the proxy
 * sends the first access token, and a token the API refuses is said once, plainly, and not asked again and again.
 */
let api: ApiServer
const previews: PreviewServer[] = []
test.describe.configure({ timeout: 120_000 })
test.beforeAll(async () => {
  api = await startApiServer({ projects: 200, env: { CREDENCE_LOG: 'silent' } })
})
test.afterAll(async () => {
  for (const preview of previews) await preview.stop()
  await api?.stop()
})

test('with CREDENCE_API_URL and no token, the pages load with the default access token', async ({ page }) => {
  const preview = await startPreviewWithDefaultToken(api.url)
  previews.push(preview)
  await page.goto(`${preview.url}/projects`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await expect(page.getByText(/refused this app's credential/)).toHaveCount(0)
})

test('a token the API refuses is explained on /projects and not asked again and again', async ({ page, apiRequests }) => {
  const preview = await startPreview(api.url, 'refused-token-0000')
  previews.push(preview)
  await page.goto(`${preview.url}/projects`)
  // Said once, above the page, with what to do; the list says only what it could not load.
  await expect(page.getByText("The Credence API refused this app's credential")).toHaveCount(1)
  await expect(page.getByText(/set CREDENCE_API_TOKEN/)).toHaveCount(1)
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load the projects' })).toBeVisible()
  const before = apiRequests.length
  await page.waitForTimeout(10_000)
  // A handful at most: what the page asked for once, never a retry or a poll.
  expect(apiRequests.length).toBeLessThanOrEqual(8)
  expect(apiRequests.length - before).toBeLessThanOrEqual(2)
  await expectNoAxeViolations(page)
})
