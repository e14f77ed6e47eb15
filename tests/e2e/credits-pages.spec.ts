import { readFileSync } from 'node:fs'
import { creditPage } from '../../src/api/contract/credits'
import { formatDate, formatNumber } from '../../src/lib/format'
import { startApiServer, type ApiServer } from '../support/api-server'
import { importFiles, retirementsExport, type RetiredBlock } from '../support/beneficiary-export'
import { call } from '../support/http'
import { squeezedCaptions } from '../support/page-fit'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { creditSummary } from '../../src/features/credits/lib/credit-summary'

/**
 * The Credits view pages by the cursors the API gives: the next and the previous page, a deep numbered link
 * refused with the way to read on, and an export that walks every page. On an API and preview of its own, with
 * an export of 130 blocks in Verra's manner (an issuance and a retirement each: five pages and some).
 */
test.describe('pages of credit records, by cursor', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined
  const blocks: RetiredBlock[] = Array.from({ length: 130 }, (_, i) => ({
    beneficiary: `Company ${i % 11}`,
    quantity: 10 + i,
    retired: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
  }))

  test.beforeAll(async () => {
    api = await startApiServer({ projects: 20, env: { CREDENCE_LIVE_DATA: 'synthetic', CREDENCE_RUN_STEP_MS: '0' } })
    expect((await importFiles(api.url, 'src_verra', [['transactions.csv', retirementsExport('1507', blocks)]])).state).toBe('succeeded')
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  const list = async (query: string) => creditPage.parse((await call(api!.url, `/api/credits?${query}`)).body)
  /** The days a page holds, as its pager says them (every record here is dated; the issuances share one day). */
  const span = ({ data }: { data: { date: string | null }[] }) =>
    data[0].date === data.at(-1)!.date ? `Records of ${formatDate(data[0].date)}` : `Records of ${formatDate(data[0].date)} back to ${formatDate(data.at(-1)!.date)}`

  test('Next and Previous follow the cursors, and the page keeps its number, or says which days it holds', async ({ page }) => {
    const first = await list('per_page=50')
    const second = await list(`per_page=50&after=${first.next_after}`)
    await page.goto(`${preview!.url}/credits`)
    const pager = page.getByRole('navigation', { name: 'Pages of records' })
    const table = page.getByRole('table', { name: /Credit records/ })
    await expect(page.getByRole('status').filter({ hasText: /records?:/ })).toHaveText(creditSummary(first))
    await expect(pager).toContainText(`Page 1 of ${Math.ceil(first.total / 50)}`)
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await expect(table.getByRole('row')).toHaveCount(51)

    // The next page of the same list takes the reader to its first records: the view neither jumps to the page's top,
    // above the filters (Next out of sight, as it once did), nor stays under the table (15,622 px down at 412 px).
    await pager.getByRole('button', { name: 'Next page' }).scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(0)
    await pager.getByRole('button', { name: 'Next page' }).click()
    // The cursor carries no number; the link carries the one it is shown as ("Page 1 of 5" read "Records of …" at Next).
    const pages = Math.ceil(first.total / 50)
    await expect(page).toHaveURL(new RegExp(`[?&]after=${first.next_after}&n=2$`))
    await expect(pager).toContainText(`Page 2 of ${pages}`)
    await expect(table.locator('caption')).toBeFocused()
    await expect(table.getByRole('row').nth(1)).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect(table).toHaveAccessibleName(`Credit records, newest first: Page 2 of ${pages}`)
    await expect(table.getByRole('row')).toHaveCount(51)
    // Its caption is in view, a heading between it and the top retirers' table above: hidden, the two read as one.
    const caption = await table.locator('caption').boundingBox()
    expect(caption!.width).toBeGreaterThan(200)
    const retirers = await page.locator('.top-retirers').boundingBox()
    expect(retirers).not.toBeNull()
    expect(caption!.y - (retirers!.y + retirers!.height)).toBeGreaterThanOrEqual(16)
    await expectNoAxeViolations(page)

    await pager.getByRole('button', { name: 'Previous page' }).click()
    await expect(page).toHaveURL(/[?&]before=[^&]+&n=1$/)
    await expect(pager).toContainText(`Page 1 of ${pages}`)
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    // A cursor's link with no number (an API's `next_after`, pasted) says which days its page holds.
    await page.goto(`${preview!.url}/credits?after=${first.next_after}`)
    await expect(pager).toContainText(span(second))
  })

  test("a record's project the catalogue does not hold: its page says no project has the key, and links the records that name it", async ({ page }) => {
    // The export's project, VCS1507, is none of the 20 generated ones: its records are kept as the registry wrote them.
    expect((await call(api!.url, '/api/projects/VCS1507')).status).toBe(404)
    const records = await list('project=VCS1507&per_page=1')
    expect(records.total).toBeGreaterThan(0)
    await page.goto(`${preview!.url}/projects/VCS1507`)
    await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible()
    const named = page.getByRole('link', { name: `${formatNumber(records.total)} records of VCS1507` })
    await expect(named).toBeVisible()
    await named.click()
    await expect(page).toHaveURL(/\/credits\?project=VCS1507$/)
    await expect(page.getByRole('status').filter({ hasText: /records?:/ })).toContainText(formatNumber(records.total))
    // The sums are the records'; the project's page counts each credit once across its sources, and says so there.
    await expect(page.getByText(/counts each credit once across its sources, so its totals may differ from these sums/)).toBeVisible()
    await expect(page.getByRole('link', { name: "VCS1507's page" })).toHaveAttribute('href', '/projects/VCS1507')
    await expectNoAxeViolations(page)
  })

  test('a numbered link deeper than numbered pages go says why and reads on from where they end', async ({ page }) => {
    await page.goto(`${preview!.url}/credits?page=999`)
    await expect(page.getByRole('alert')).toContainText('Page 999, at 50 records a page, begins at record 49,901; numbered pages reach the first 10,000 records.')
    // The cursor the refusal quotes breaks within the page rather than widen it, at a desk and on a phone.
    for (const width of [1280, 412]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    // Asking again cannot help a refused page: the way on is offered instead.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Read on from the last numbered page' }).click()
    await expect(page).toHaveURL(/[?&]after=/)
    // This store holds fewer records than that: the list ends before there, and says so.
    await expect(page.getByRole('heading', { name: 'No records past this point' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the newest records' }).click()
    await expect(page.getByRole('navigation', { name: 'Pages of records' })).toContainText('Page 1 of')

    // Filters that keep no record have nowhere to read on from: the way back is to their first page.
    await page.goto(`${preview!.url}/credits?beneficiary=nobody-retires-for-this&page=999`)
    await expect(page.getByRole('alert')).toContainText('These filters keep no record.')
    await page.getByRole('link', { name: 'Back to the first page' }).click()
    await expect(page.getByRole('heading', { name: 'No records match' })).toBeVisible()
    await expect(page.getByLabel('Retired for (beneficiary)')).toHaveValue('nobody-retires-for-this')
  })

  test("a link whose place in the records this list did not give says so in a reader's words, and starts again from the newest", async ({ page }) => {
    await page.goto(`${preview!.url}/credits?registry=VCS&after=garbage`)
    await expect(page.getByRole('heading', { name: "This link's place in the records is lost" })).toBeVisible()
    await expect(page.getByText(/next_after/)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Start from the newest records' }).click()
    await expect(page).toHaveURL(/\/credits\?registry=VCS$/)
    await expect(page.getByRole('status').filter({ hasText: /records?:/ })).toBeVisible()
  })

  test('the CSV export walks every page by cursor', async ({ page }) => {
    const all = await list('per_page=1')
    await page.goto(`${preview!.url}/credits`)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const lines = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines).toHaveLength(all.total + 1)
    expect(new Set(lines).size).toBe(all.total + 1)
    await expect(page.getByText(`Exported ${formatNumber(all.total)} records.`)).toBeVisible()
  })

  test('the top retirers say the Kind filter does not narrow them, and the chart that records with no day are in no month', async ({ page }) => {
    await page.goto(`${preview!.url}/credits?kind=issuance`)
    // Issuances name no one: the retirers listed beside them are every retirement's, and the caption says so.
    await expect(page.getByRole('table', { name: /^Top retirers: who credits were retired for, largest first \(the Kind filter aside: only a retirement names whom it was for\)$/ })).toBeVisible()
    await page.goto(`${preview!.url}/credits`)
    await expect(page.getByRole('table', { name: /^Top retirers: who credits were retired for, largest first$/ })).toBeVisible()
    await expect(page.getByText(/a record with no day is in the counts above but in no month/)).toBeVisible()
  })

  test('at 412 px each top retirer is a card, every figure named and in view, nothing to scroll sideways for', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(`${preview!.url}/credits`)
    const retirers = page.getByRole('table', { name: /^Top retirers/ })
    await expect(retirers).toBeVisible()
    const box = page.locator('.top-retirers')
    expect(await box.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth), 'the box scrolls sideways').toBeLessThanOrEqual(1)
    await expect(box.locator('.table-scroll-hint')).toHaveCount(0)
    const first = retirers.locator('tbody tr').first()
    for (const cell of await first.locator('td').all()) {
      await expect(cell).toHaveAttribute('data-label', /^(Credits \(tCO2e\)|Records|Projects)$/)
      const [own, edge] = [(await cell.boundingBox())!, (await box.boundingBox())!]
      expect(own.x + own.width, (await cell.getAttribute('data-label')) ?? '').toBeLessThanOrEqual(edge.x + edge.width)
    }
    await expectNoAxeViolations(page)
  })

  for (const width of [1280, 412]) {
    test(`at ${width} px a To day before From is named under To, and every control of the filters' lines stays level`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${preview!.url}/credits`)
      await page.getByLabel('From', { exact: true }).fill('2025-06-01')
      await page.getByLabel('To', { exact: true }).fill('2020-01-01')
      await page.getByRole('button', { name: 'Show records' }).click()
      await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(/On or after From/)
      // Controls whose boxes share a line stand at one height: the error under To lifted To's box by its own height.
      const boxes = await page.locator('.credit-filters').locator('input, select, button').evaluateAll((controls) =>
        controls.map((control) => ({ name: control.getAttribute('id') ?? control.textContent, ...control.getBoundingClientRect().toJSON() })),
      )
      const uneven = boxes.flatMap((a) => boxes.filter((b) => a !== b && a.top < b.bottom && b.top < a.bottom && Math.abs(a.top - b.top) > 1).map((b) => `${a.name} at ${a.top} beside ${b.name} at ${b.top}`))
      expect(uneven).toEqual([])
      // At a laptop's width From and To share a line, and stand level on it: the error had lifted To 69 px above From,
      // clear of its line. At a phone's width each field stands on a line of its own.
      if (width > 600) {
        const top = (label: string) => page.getByLabel(label, { exact: true }).evaluate((control) => control.getBoundingClientRect().top)
        expect(Math.abs((await top('To')) - (await top('From')))).toBeLessThanOrEqual(1)
      }
      await expectNoAxeViolations(page)
    })

    test(`at ${width} px the records' caption reads across its table, cards and all, and how their rows are counted is said under it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${preview!.url}/credits`)
      await expect(page.getByRole('table', { name: /^Credit records, newest first/ })).toBeVisible()
      expect(await squeezedCaptions(page)).toEqual([])
      // "issuances.csv, row 77" is the 77th row of data: a spreadsheet that numbers the header 1 shows it at 78.
      await expect(page.getByText(/row 1 is the first row under the header, so a spreadsheet that numbers the header 1 shows it one row further down/)).toBeVisible()
    })
  }
})
