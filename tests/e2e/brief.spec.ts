import type { Page } from '@playwright/test'
import { apiUrl, expect, expectNoAxeViolations, sandboxAppUrl, sandboxRateWindowMs, test, tokens } from './fixtures'

// The shortlist's own table: on paper the charts' tables of numbers print beside it.
const firstProjectLink = (page: Page) => page.getByRole('table', { name: 'Ranked projects, best fit first' }).getByRole('rowheader').first().getByRole('link')

async function submitBrief(page: Page, budget: string) {
  await page.getByLabel('Budget (USD)').fill(budget)
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\/rec_/)
  await expect(firstProjectLink(page)).toBeVisible()
}

test('a brief filled in by its labels gives a shortlist that a fresh browser opens the same from its link', async ({
  page,
  browser,
  apiRequests,
}) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Recommend · Credence')
  await page.getByLabel('Project type', { exact: true }).selectOption({ index: 0 })
  const region = page.getByLabel('Region')
  await region.selectOption({ index: 1 })
  const regionName = (await region.inputValue()).trim()
  await page.getByLabel('Budget (USD)').fill('250,000')
  await page.getByLabel('Minimum vintage').fill('2005')
  await page.getByRole('checkbox', { name: /^Biodiversity \(\d/ }).check()
  await page.getByRole('button', { name: 'Get recommendations' }).click()

  await page.waitForURL(/\/recommendations\/rec_/)
  const name = await firstProjectLink(page).innerText()
  await expect(page.getByRole('region', { name: 'The brief' })).toContainText(regionName)
  await expect(page.getByRole('region', { name: 'The brief' })).toContainText('$250,000')
  await expect(page.getByRole('region', { name: 'Against the budget' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'How this shortlist was ranked' })).toContainText('credence-rank/')
  await expect(page).toHaveTitle(/^Shortlist of \d+ projects? · Credence$/)

  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto(page.url())
  await expect(firstProjectLink(other)).toHaveText(name)
  await fresh.close()

  expect(apiRequests.some((r) => r.method === 'POST' && r.url.pathname === '/api/recommendations')).toBe(true)
  for (const request of apiRequests) expect(request.headers.authorization).toBeUndefined()
})

test('Back from a shortlist finds the brief as it was sent, "$250k" budget and all', async ({ page }) => {
  await page.goto('/')
  const region = page.getByLabel('Region')
  await region.selectOption({ index: 1 })
  const regionValue = await region.inputValue()
  await page.getByLabel('Budget (USD)').fill('$250k')
  await page.getByLabel('Largest share per country (%)').fill('45')
  await page.getByRole('checkbox', { name: /^Biodiversity \(\d/ }).check()
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\/rec_/)
  await expect(page.getByRole('region', { name: 'The brief' })).toContainText('$250,000')

  await page.goBack()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue('250000')
  await expect(page.getByLabel('Region')).toHaveValue(regionValue)
  await expect(page.getByLabel('Largest share per country (%)')).toHaveValue('45')
  await expect(page.getByRole('checkbox', { name: /^Biodiversity \(\d/ })).toBeChecked()
  await page.goForward()
  await expect(page).toHaveURL(/\/recommendations\/rec_/)
})

test('an invalid brief shows each message next to its field and keeps what was typed', async ({ page }) => {
  await page.goto('/')
  const budget = page.getByLabel('Budget (USD)')
  await budget.fill('lots')
  await page.getByLabel('Minimum vintage').fill('1850')
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await expect(budget).toHaveAttribute('aria-invalid', 'true')
  await expect(budget).toHaveAccessibleDescription(/“lots” is not a sum of dollars: write it in digits/)
  await expect(budget).toBeFocused()
  await expect(page.getByLabel('Minimum vintage')).toHaveAccessibleDescription(/1990 or later/)
  await expect(budget).toHaveValue('lots')
  await expect(page).toHaveURL(/\/$/)

  await budget.fill('-1')
  await expect(budget).toHaveAccessibleDescription(/The budget must be more than \$0/)
})

test('the shortlist copies its link, exports a safe CSV, prints without the chrome, and refines its brief', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByRole('checkbox', { name: /^Water \(\d/ }).check()
  await submitBrief(page, '80000')

  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url())

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^credence-shortlist-rec_.+\.csv$/)
  const text = await new Promise<string>((resolve, reject) => {
    let data = ''
    file.createReadStream().then((stream) => {
      stream.on('data', (chunk) => (data += chunk))
      stream.on('end', () => resolve(data))
      stream.on('error', reject)
    }, reject)
  })
  const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
  expect(lines[0]).toMatch(/^Rank,Project key,Project name,/)
  const rows = await page.getByRole('table', { name: 'Ranked projects, best fit first' }).getByRole('rowheader').count()
  expect(lines).toHaveLength(rows + 1)
  expect(lines.slice(1).every((line) => !/^[=+\-@]|,[=+\-@]/.test(line))).toBe(true)

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden()
  await expect(firstProjectLink(page)).toBeVisible()
  // A chart's numbers print on one page: split, the type table's first row and its total ended a page, and read as
  // the whole spend.
  const breaks = await page.locator('.chart-table-wrap').evaluateAll((wraps) => wraps.map((wrap) => getComputedStyle(wrap).breakInside))
  expect(breaks.length).toBeGreaterThan(0)
  expect(breaks.filter((value) => value !== 'avoid')).toEqual([])
  // A chart of the mix may go on over a page, between its picture and its numbers: kept whole, the row of two went
  // to page 2 under the mix's heading, and page 1 printed 40% blank.
  const mix = await page.locator('.mix-grid > *').evaluateAll((charts) => charts.map((chart) => getComputedStyle(chart).breakInside))
  expect(mix.length).toBeGreaterThan(0)
  expect(mix.filter((value) => value !== 'auto')).toEqual([])
  // A heading prints whole, with what it heads ("Caps applied" ended a page alone, its list on the next), and with
  // room above it unless it opens a box.
  const headings = await page.locator('article.shortlist :is(h2, h3, figcaption)').evaluateAll((elements) =>
    elements
      .filter((heading) => heading.getClientRects().length > 0)
      .map((heading) => {
        const style = getComputedStyle(heading)
        const room = heading.tagName === 'FIGCAPTION' || heading.matches(':is(.card, .alert) > :first-child') || parseFloat(style.marginTop) > 0
        return `${heading.textContent}: ${style.breakInside}, ${style.breakAfter}${room ? '' : ', no room above'}`
      }),
  )
  expect(headings.length).toBeGreaterThan(3)
  expect(headings.filter((heading) => !heading.endsWith(': avoid, avoid'))).toEqual([])
  // A4 within the page's margins is 703 px wide: nothing of the brief, the budget or the mix runs past its card
  // or into its neighbour there (the mix's tables ran 127 px past theirs).
  const screenSize = page.viewportSize()!
  await page.setViewportSize({ width: 703, height: screenSize.height })
  const overflowing = await page.evaluate(() => {
    const found: string[] = []
    for (const table of Array.from(document.querySelectorAll('.mix-grid .chart-table'))) {
      const card = table.closest('.mix-grid > *')!.getBoundingClientRect()
      if (table.getBoundingClientRect().right > card.right + 1) found.push(`the table "${table.textContent!.slice(0, 30)}" runs past its column`)
    }
    const facts = Array.from(document.querySelectorAll('.shortlist-summary .fact'))
    for (const [i, fact] of facts.entries()) {
      const box = fact.getBoundingClientRect()
      if (Array.from(fact.querySelectorAll('*')).some((inner) => inner.getBoundingClientRect().right > box.right + 1)) found.push(`"${fact.textContent}" runs past its box`)
      for (const other of facts.slice(i + 1)) {
        const next = other.getBoundingClientRect()
        if (box.left < next.right && next.left < box.right && box.top < next.bottom && next.top < box.bottom) found.push(`"${fact.textContent}" overlaps "${other.textContent}"`)
      }
    }
    return found
  })
  expect(overflowing).toEqual([])
  await page.setViewportSize(screenSize)
  await page.emulateMedia({ media: 'screen' })

  await page.getByRole('link', { name: 'Refine brief' }).click()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue('80000')
  await expect(page.getByRole('checkbox', { name: /^Water \(\d/ })).toBeChecked()
  await page.reload()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue('80000')
  await expect(page.getByRole('checkbox', { name: /^Water \(\d/ })).toBeChecked()
})

test('an unknown recommendation ID says so instead of showing an empty table', async ({ page }) => {
  await page.goto('/recommendations/rec_0000000000000')
  await expect(page.getByRole('heading', { level: 1, name: 'No shortlist with this ID' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  await expect(page).toHaveTitle('Shortlist not found · Credence')
  await expectNoAxeViolations(page)
  // An id as long as an address may carry is quoted back within the screen, at a phone's width too.
  await page.setViewportSize({ width: 412, height: 915 })
  await page.goto(`/recommendations/rec_${'a'.repeat(4996)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'No shortlist with this ID' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})

test('when the sandbox quota is used up the app says so and when, keeps the brief, and recovers', async ({
  page,
  request,
}) => {
  await page.goto(sandboxAppUrl)
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible()
  await expect(page.getByText(/^\d+ of 60 requests left this minute$/)).toBeVisible()
  await page.getByLabel('Budget (USD)').fill('40,000')
  await page.getByRole('checkbox', { name: /^Health \(\d/ }).check()

  let retryAfter = sandboxRateWindowMs / 1000
  for (let i = 0; i < 80; i++) {
    const answer = await request.get(`${apiUrl}/api/projects/facets`, {
      headers: { authorization: `Bearer ${tokens.sandbox}` },
    })
    if (answer.status() === 429) {
      retryAfter = Number(answer.headers()['retry-after'] ?? sandboxRateWindowMs / 1000)
      break
    }
  }
  const exhaustedAt = Date.now()

  await page.getByRole('button', { name: 'Get recommendations' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'The evaluation quota is used up' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText(/You can submit again at \d\d:\d\d:\d\d/)
  await expect(page.getByText('Evaluation quota used up')).toBeVisible()
  await expect(page.getByLabel('Budget (USD)')).toHaveValue('40,000')
  await expect(page.getByRole('checkbox', { name: /^Health \(\d/ })).toBeChecked()
  await expect(page).toHaveURL(`${sandboxAppUrl}/`)

  await page.waitForTimeout(Math.max(0, exhaustedAt + (retryAfter + 1) * 1000 - Date.now()))
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await page.waitForURL(/\/recommendations\/rec_/)
  await expect(page.getByText('Simulated', { exact: true })).toBeVisible()
})

test('a page opened while the sandbox quota is used up says so, waits for it, and then loads', async ({ page, request }) => {
  // The window slides: hits left from earlier tests would free slots while the page loads. Let them all age out,
  // then use the quota at once, so it stays used up for a whole window (sandboxRateWindowMs).
  await page.waitForTimeout(sandboxRateWindowMs + 500)
  for (let i = 0; i < 80; i++) {
    const answer = await request.get(`${apiUrl}/api/sources`, { headers: { authorization: `Bearer ${tokens.sandbox}` } })
    if (answer.status() === 429) break
  }
  await page.goto(sandboxAppUrl)
  await expect(page.getByText('Evaluation quota used up')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading the brief form' })).toBeAttached()
  await expect(page.getByLabel('Budget (USD)')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Evaluation quota used up')).toBeHidden()
})

test('the brief form and the shortlist pass axe', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('checkbox').first()).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Get recommendations' }).click()
  await expect(page.getByLabel('Budget (USD)')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await submitBrief(page, '120000')
  await expectNoAxeViolations(page)
})

test('a refined shortlist shows every column at 1280 px, its marks of what moved and its vintages included', async ({ page, request }) => {
  // A brief a buyer refined (a larger budget, a share of removals, a wider cap per type): its items buy vintages
  // not known and move by several places, which made the ranked table scroll to show its score.
  const made = async (brief: object) =>
    ((await (await request.post(`${apiUrl}/api/recommendations`, { headers: { authorization: `Bearer ${tokens.live}` }, data: brief })).json()) as { id: string }).id
  const before = await made({ budget_usd: 250_000, co_benefits: ['biodiversity', 'community'] })
  const after = await made({ budget_usd: 1_500_000, min_removal_share: 0.3, max_share_per_type: 0.5, co_benefits: ['biodiversity', 'community'] })
  await page.goto(`/recommendations/${after}?vs=${before}`)
  const table = page.getByRole('region', { name: 'Ranked projects, scrollable' })
  await expect(table.locator('.change-mark').first()).toBeVisible()
  expect(page.viewportSize()!.width).toBe(1280)
  const widths = await table.evaluate((wrap) => ({
    shown: wrap.clientWidth,
    laid: wrap.scrollWidth,
    columns: Array.from(wrap.querySelectorAll('thead th')).map((cell) => `${cell.textContent} ${Math.round(cell.getBoundingClientRect().width)}`).join(', '),
  }))
  expect(widths.laid, widths.columns).toBe(widths.shown)
})
