import type { ProjectPage } from '../../src/api/contract/projects'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { apiUrl, expect, expectNoAxeViolations, sandboxAppUrl, test, tokens } from './fixtures'

/** The suite's shared API starts on generated data: every view says so, and how to bring in the real file. */
test('a synthetic catalogue says so on every view, with the way to import the real file, and axe finds nothing', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${tokens.live}` }
  const [project] = ((await (await request.get(`${apiUrl}/api/projects?per_page=1`, { headers })).json()) as ProjectPage).data
  const recommendation = (await (
    await request.post(`${apiUrl}/api/recommendations`, { headers, data: { budget_usd: 100_000 } })
  ).json()) as Recommendation
  const views = ['/', '/projects', `/projects/${project.key}`, `/recommendations/${recommendation.id}`, '/prices', '/sources', '/coverage']
  for (const path of views) {
    await page.goto(path)
    const notice = page.getByRole('region', { name: 'Synthetic catalogue' })
    await expect(notice, path).toContainText(/projects here are generated, not real registry records/)
    await expect(notice.getByRole('link', { name: 'Sources page' }), path).toHaveAttribute('href', '/sources')
    await expect(notice, path).toContainText('npm run import -- <file>')
    await page.waitForLoadState('networkidle')
    await expectNoAxeViolations(page)
  }
  await page.goto(`/projects/${project.key}`)
  await expect(page.locator('.project-title-row').getByText('Synthetic', { exact: true })).toBeVisible()
  await page.goto(`/recommendations/${recommendation.id}`)
  await expect(page.getByRole('rowheader').first().getByText('Synthetic', { exact: true })).toBeVisible()
})

test('the sandbox says its fixed catalogue is generated', async ({ page }) => {
  await page.goto(`${sandboxAppUrl}/projects`)
  const notice = page.getByRole('region', { name: 'Synthetic catalogue' })
  await expect(notice).toContainText(/The sandbox key sees a fixed, generated catalogue/)
  await expect(page.locator('.badge-synthetic').first()).toBeVisible()
})
