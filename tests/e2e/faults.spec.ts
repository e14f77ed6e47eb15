import type { Page } from '@playwright/test'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort, startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, test } from './fixtures'

/**
 * Faults at the level of the whole app: its own preview (production build and proxy) in front of an API this
 * file starts, stops and breaks, in Chromium. The views must keep the shell, say what is wrong, keep what the
 * reader typed, and come back on their own.
 */

/** The shell's notice, above the page, while the page waits out an outage; read out as a status. */
const notice = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title })
const databaseAway = 'Credence is temporarily unavailable'
const apiAway = 'Cannot reach the Credence API'

/**
 * Uncaught exceptions and console errors, except the browser's own line for each failed request: a 502 or 503
 * is what these tests cause, and the app answering it is what they check.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (/^Failed to load resource: the server responded with a status of 50[234]\b/.test(message.text())) return
    errors.push(`console: ${message.text()}`)
  })
  return errors
}

// Stopping the database under a running API needs a PostgreSQL cluster this run controls (.ci/run sets these
// when it runs as root); the embedded PGlite lives inside the API process and cannot fail apart from it.
const cluster = (process.env.E2E_PG_CLUSTER || process.env.CREDENCE_TEST_PG_CLUSTER)?.split(' ')
const postgresUrl = process.env.E2E_POSTGRES_URL || process.env.CREDENCE_TEST_POSTGRES_URL
const execFileAsync = promisify(execFile)
const pgctl = (action: 'stop' | 'start') => execFileAsync('pg_ctlcluster', [...cluster!, action])

async function dropDatabase(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1)
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
  } finally {
    await client.end()
  }
}

test.describe('the database unavailable', () => {
  test.skip(
    !cluster || !postgresUrl,
    'needs a PostgreSQL cluster this run may stop and start: E2E_PG_CLUSTER="15 main" and E2E_POSTGRES_URL (.ci/run sets both as root)',
  )
  test.describe.configure({ timeout: 120_000 })

  let api: ApiServer | undefined
  let preview: PreviewServer | undefined
  test.beforeAll(async () => {
    api = await startApiServer({ projects: 300, postgresUrl })
    preview = await startPreview(api.url)
  })
  test.afterEach(async () => {
    // The cluster is shared with everything else on the machine: it comes back whatever happened in the test.
    await pgctl('start').catch(() => undefined)
  })
  test.afterAll(async () => {
    await pgctl('start').catch(() => undefined)
    await preview?.stop()
    await api?.stop()
    if (api?.databaseUrl) await dropDatabase(api.databaseUrl)
  })

  const apiAnswers = async () => {
    const answer = await fetch(`${api!.url}/api/projects?per_page=1`, { headers: { authorization: 'Bearer dev-access-token' } })
    return answer.status
  }

  test('the browser keeps searching from its index; a project opened meanwhile says why it waits and fills in once the database is back', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    await page.goto(`${preview!.url}/projects`)
    await expect(page.getByText(/^300 projects$/)).toBeVisible()

    await pgctl('stop')
    // The list and its counts come from the project index, in memory: a search still answers.
    const search = page.getByLabel('Search')
    await search.fill('wind')
    await expect(page).toHaveURL(/[?&]q=wind\b/)
    await expect(page.locator('tbody tr[data-index]').first()).toContainText(/wind/i)
    await expect.poll(async () => Number((await page.locator('.project-count').innerText()).split(' ')[0])).toBeLessThan(300)

    // A project's breakdown is read from the database: the 503 reaches the browser through the proxy intact. The
    // list's facets and credit history, answered from memory, may still be on their way after the search: not these.
    const refused = page.waitForResponse((response) => /^\/api\/projects\/(?!facets$|credit-history$)[^/]+$/.test(new URL(response.url()).pathname))
    const first = page.locator('tbody tr[data-index]').first()
    const name = await first.locator('td').nth(2).locator('.cell-truncate').innerText()
    await first.locator('td').nth(1).getByRole('link').click()
    const answer = await refused
    expect(answer.status()).toBe(503)
    expect(answer.headers()['content-type']).toContain('application/problem+json')
    expect(answer.headers()['retry-after']).toBe('5')
    expect(await answer.json()).toMatchObject({ status: 503, detail: expect.stringMatching(/database is unavailable/) })

    // The header from the list's row at once, the notice saying why the rest waits, no blank page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(notice(page, databaseAway)).toContainText('The database is unavailable.')
    await expect(notice(page, databaseAway)).toContainText('load on their own once the service is back')

    await pgctl('start')
    // Nobody presses anything: the page asks again by itself, as Retry-After says, and fills in.
    await expect(page.getByText(/Composite score/)).toBeVisible({ timeout: 30_000 })
    await expect(notice(page, databaseAway)).toHaveCount(0)
    await page.goBack()
    await expect(search).toHaveValue('wind')
    expect(errors).toEqual([])
  })

  test('a brief sent while it is away is refused in words, keeps its answers, and goes through once it is back', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto(`${preview!.url}/`)
    const budget = page.getByLabel('Budget (USD)')
    await budget.fill('250,000')
    await page.getByLabel('Minimum vintage').fill('2010')

    await pgctl('stop')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await expect(page.getByRole('alert').filter({ hasText: databaseAway })).toContainText(
      `${databaseAway}: The database is unavailable.`,
    )
    await expect(budget).toHaveValue('250,000')
    await expect(page.getByLabel('Minimum vintage')).toHaveValue('2010')
    await expect(page).toHaveURL(/\/$/)

    await pgctl('start')
    await expect.poll(apiAnswers, { timeout: 30_000 }).toBe(200)
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await page.waitForURL(/\/recommendations\/rec_/)
    await expect(page.getByRole('region', { name: 'The brief' })).toContainText('$250,000')
    expect(errors).toEqual([])
  })

  test("a shortlist's pack asked for while it is away is refused beside its link, not saved as the file, and comes once it is back", async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto(`${preview!.url}/`)
    await page.getByLabel('Budget (USD)').fill('100000')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await page.waitForURL(/\/recommendations\/rec_/)
    const id = page.url().split('/').pop()!
    const pack = page.getByRole('link', { name: 'Download pack' })
    await expect(pack).toBeVisible()

    await pgctl('stop')
    const downloads: string[] = []
    page.on('download', (download) => downloads.push(download.suggestedFilename()))
    await pack.click()
    const refusal = page.getByRole('alert').filter({ hasText: 'The pack was not downloaded' })
    await expect(refusal).toContainText('The pack was not downloaded: The database is unavailable.')
    await expect(pack).toHaveAccessibleDescription(/The pack was not downloaded/)
    expect(downloads).toEqual([])

    await pgctl('start')
    await expect.poll(apiAnswers, { timeout: 30_000 }).toBe(200)
    const download = page.waitForEvent('download')
    await pack.click()
    expect((await download).suggestedFilename()).toBe(`credence-shortlist-${id}.xlsx`)
    await expect(refusal).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: `Saved credence-shortlist-${id}.xlsx` })).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('the API unreachable behind the proxy', () => {
  test.describe.configure({ timeout: 120_000 })

  let apiPort = 0
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined
  const dataDir = tempDataDir()
  test.beforeAll(async () => {
    // Nothing listens on this port until a test starts an API there.
    apiPort = await freePort()
    preview = await startPreview(`http://127.0.0.1:${apiPort}`)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  test('the proxy answers 502 problem+json that names the API as unreachable', async ({ request }) => {
    const answer = await request.get(`${preview!.url}/api/sources`)
    expect(answer.status()).toBe(502)
    expect(answer.headers()['content-type']).toContain('application/problem+json')
    expect(await answer.json()).toMatchObject({ status: 502, detail: expect.stringMatching(/Credence API cannot be reached/) })
  })

  const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name })
  const views = [
    { path: '/', content: h1('Find credits that fit your brief') },
    { path: '/projects', content: h1('Projects') },
    // The project page names the project once it knows it; until then it offers the way back.
    { path: '/projects/VCS191', content: (page: Page) => page.getByRole('link', { name: 'Back to projects' }) },
    { path: '/prices?keys=VCS191,GS337', content: h1('Price lookup') },
    { path: '/sources', content: h1('Sources') },
    { path: '/coverage', content: h1('Coverage') },
  ]
  test('every view opens in the shell with its content and says the API cannot be reached, without an uncaught error', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    for (const view of views) {
      await page.goto(`${preview!.url}${view.path}`)
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await expect(view.content(page)).toBeVisible()
      await expect(notice(page, apiAway), view.path).toContainText('The Credence API cannot be reached right now.')
    }
    expect(errors).toEqual([])
  })

  test('an API that goes away mid-session and comes back: the waiting page fills in on its own', async ({ page }) => {
    const errors = collectErrors(page)
    api = await startApiServer({ port: apiPort, dataDir, projects: 300 })
    await page.goto(`${preview!.url}/sources`)
    await expect(page.getByRole('table', { name: /source catalog/i })).toBeVisible()
    await expect(notice(page, apiAway)).toHaveCount(0)

    await api.stop()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coverage' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Coverage' })).toBeVisible()
    await expect(notice(page, apiAway)).toBeVisible()

    // The same data folder: the API restarts on what it had.
    api = await startApiServer({ port: apiPort, dataDir, projects: 300 })
    await expect(page.getByRole('table', { name: 'Freshness by source' })).toBeVisible({ timeout: 30_000 })
    await expect(notice(page, apiAway)).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
