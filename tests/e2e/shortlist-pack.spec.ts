import * as XLSX from '@e965/xlsx'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call } from '../support/http'
import { startPreview, type PreviewServer } from '../support/preview-server'
import { expect, expectNoAxeViolations, test } from './fixtures'

/**
 * A buyer takes a shortlist to a committee: the pack downloaded from the shortlist, the page printed on the reader's
 * paper (A4, US Letter) with no control on it and Berkeley's credit at its foot, and the shortlist found again on the
 * Shortlists page. The catalogue is of Berkeley's layout (so its credit applies), with a wind project whose name
 * begins with `=`.
 */
const formulaName = '=HYPERLINK("https://evil.example","click")'
const windRow = (key: string, name: string, country: string) => ({
  'Project ID': key,
  'Project Name': name,
  'Voluntary Registry': 'VCS',
  'Voluntary Status': 'Registered',
  Scope: 'Renewable Energy',
  Type: 'Wind',
  'Reduction / Removal': 'Reduction',
  Region: 'Southern Asia',
  Country: country,
  'Total Credits \nIssued': '1000',
  'Total Credits Remaining': '1000',
  'First Year of Project (Vintage)': '2020.0',
})

/** The paper each page of a PDF is, by its MediaBox: Chromium's A4 is 595.92 × 842.88 points, Letter 612 × 792. */
const papers = (pdf: Buffer) =>
  Array.from(pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g), (box) => {
    const [left, bottom, right, top] = box.slice(1).map(Number)
    const [width, height] = [right - left, top - bottom]
    if (Math.abs(width - 612) < 3 && Math.abs(height - 792) < 3) return 'Letter'
    if (Math.abs(width - 595) < 3 && Math.abs(height - 842) < 3) return 'A4'
    return `${width} × ${height} pt`
  })

const formControls = 'button, input, select, textarea, [role="button"], [role="checkbox"], [role="textbox"]'

test.describe('the shortlist to file', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let api: ApiServer | undefined
  let preview: PreviewServer | undefined
  let shortlistUrl = ''

  test.beforeAll(async () => {
    const file = await writeVrodCsvFixture(tempDataDir(), [windRow('VCS9401', formulaName, 'India'), windRow('VCS9402', 'Plain Wind Farm', 'Sri Lanka')])
    api = await startApiServer({ env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: file } })
    preview = await startPreview(api.url)
  })
  test.afterAll(async () => {
    await preview?.stop()
    await api?.stop()
  })

  async function makeShortlist(page: Page) {
    await page.goto(`${preview!.url}/`)
    await page.getByLabel('Budget (USD)').fill('50000')
    await page.getByRole('button', { name: 'Get recommendations' }).click()
    await page.waitForURL(/\/recommendations\/rec_/)
    await expect(page.getByRole('table', { name: /Ranked projects/ }).getByRole('rowheader').first()).toBeVisible()
    shortlistUrl = page.url()
  }

  test('downloads the pack from the shortlist: five sheets, the shortlist in it, and no formula', async ({ page }) => {
    await makeShortlist(page)
    const id = shortlistUrl.split('/').pop()!
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download pack' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`credence-shortlist-${id}.xlsx`)
    const workbook = XLSX.read(await readFile(await file.path()), { cellFormula: true })
    expect(workbook.SheetNames).toEqual(['Summary', 'Shortlist', 'Evidence', 'Citations', 'Sources'])
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets.Shortlist)
    const shown = await page.getByRole('table', { name: /Ranked projects/ }).getByRole('rowheader').count()
    expect(new Set(rows.map((row) => row.Key)).size).toBe(shown)
    expect(rows.map((row) => row.Name)).toContain(formulaName)
    for (const sheet of Object.values(workbook.Sheets)) {
      for (const [address, cell] of Object.entries(sheet)) if (!address.startsWith('!')) expect((cell as XLSX.CellObject).f).toBeUndefined()
    }
  })

  test('prints as a clean document: no form control, the appendix, and the data credit at its foot', async ({ page }) => {
    await page.goto(shortlistUrl)
    await expect(page.getByRole('link', { name: 'Download pack' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Appendix: method, evidence and citations' })).toBeHidden()
    await expect(page.getByText(/^Data: .*Berkeley Carbon Trading Project/)).toBeVisible()

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    // The ranked projects follow on from what comes before, not from a page of their own, which left the page before
    // half blank; a project prints whole, and the first goes where the table's header goes: where it did not fit
    // under it, a page ended with the header over an empty box.
    expect(await page.locator('section.shortlist-ranked').evaluate((section) => getComputedStyle(section).breakBefore)).toBe('auto')
    const projects = await page.locator('.shortlist-item').evaluateAll((items) =>
      items.map((item) => ({ breakInside: getComputedStyle(item).breakInside, breakBefore: getComputedStyle(item).breakBefore })),
    )
    expect(projects.map((project) => project.breakInside)).toEqual(projects.map(() => 'avoid'))
    expect(projects[0].breakBefore).toBe('avoid')
    await expect(page.getByRole('heading', { name: 'Appendix: method, evidence and citations' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Evidence summary' })).toBeVisible()
    // The works cited stand apart from the last project's evidence: their heading touched its table.
    const citations = page.getByRole('heading', { name: 'Citations', exact: true })
    await expect(citations).toBeVisible()
    expect(parseFloat(await citations.evaluate((heading) => getComputedStyle(heading).marginTop))).toBeGreaterThan(12)
    const controls = await page.locator(formControls).evaluateAll((elements) =>
      elements.filter((element) => element.getClientRects().length > 0).map((element) => element.outerHTML.slice(0, 120)),
    )
    expect(controls).toEqual([])
    const footer = page.locator('.shortlist-footer')
    await expect(footer).toBeVisible()
    await expect(footer).toContainText('Berkeley Carbon Trading Project')
    await expect(footer.getByRole('link', { name: 'About the CC BY-SA 4.0 licence' })).toBeVisible()
    // The footer closes the document: nothing of the shortlist is printed after it.
    const last = await page.locator('article.shortlist > *').evaluateAll((children) => children.filter((c) => c.getClientRects().length > 0).at(-1)?.className)
    expect(last).toBe('shortlist-footer')
    // Each chart prints as its numbers, and no chart leaves a blank box where its picture was not drawn yet.
    const charts = page.locator('article.shortlist figure.chart')
    expect(await charts.count()).toBeGreaterThan(0)
    for (const chart of await charts.all()) {
      if (!(await chart.isVisible())) continue
      await expect(chart.locator('.chart-data table')).toBeVisible()
      const picture = chart.locator('.chart-picture')
      if ((await picture.count()) > 0 && (await picture.isVisible())) await expect(picture.locator('canvas').first()).toBeVisible()
    }
    // The paper is the reader's: the stylesheet sets the margins, not the size, which held a Letter printer to A4.
    for (const format of ['A4', 'Letter']) {
      const pdf = await page.pdf({ format, preferCSSPageSize: true })
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
      expect(new Set(papers(pdf))).toEqual(new Set([format]))
    }
    await page.emulateMedia({ media: 'screen' })
  })

  // Printed at a phone's width, a project's details took two columns of its card, the score components 150 px of
  // it: their percentages ran over the reasons beside them.
  test("prints each project's score components clear of why it is here, at 1280 px and at a phone's 412", async ({ page }) => {
    await page.goto(shortlistUrl)
    await expect(page.locator('.shortlist-item').first()).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    for (const width of [1280, 412]) {
      await page.setViewportSize({ width, height: 900 })
      const overlaps = await page.locator('.shortlist-item').evaluateAll((items) =>
        items.flatMap((item) => {
          const reasons = item.querySelector('.reasons')!.getBoundingClientRect()
          const values = Array.from(item.querySelectorAll('.bar-value'), (value) => value.getBoundingClientRect())
          if (values.length === 0) return ['no score components']
          return values
            .filter((box) => box.left < reasons.right && reasons.left < box.right && box.top < reasons.bottom && reasons.top < box.bottom)
            .map((box) => `${item.querySelector('.project-key')?.textContent}: a percentage at ${Math.round(box.left)}, ${Math.round(box.top)}`)
        }),
      )
      expect(await page.locator('.shortlist-item').count()).toBeGreaterThan(0)
      expect(overlaps, `at ${width} px`).toEqual([])
    }
    await page.emulateMedia({ media: 'screen' })
  })

  test('prints its charts drawn from a phone, straight away, though the reader never scrolled to them', async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 412, height: 800 }, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    // What the printer was given: read as the print ends, each chart's canvas holding pixels or not.
    await page.addInitScript(() => {
      addEventListener('afterprint', () => {
        const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>('.portfolio-mix canvas'))
        const inked = canvases.filter((canvas) => canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data.some((value, i) => i % 4 === 3 && value > 0))
        document.documentElement.dataset.chartsPrintedDrawn = String(inked.length)
      })
    })
    await page.goto(shortlistUrl)
    const charts = page.locator('.portfolio-mix figure.chart')
    await expect(charts).toHaveCount(3)
    // The charts' code loads once the page is idle; the print comes then, before any scrolling.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /uplot-bars-[^/]*\.css$/.test(entry.name)))
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    // On screen a chart is drawn as a reader nears it: below the phone's first screen, these were not.
    expect(await page.locator('.portfolio-mix canvas').count()).toBeLessThan(3)
    await page.pdf({ format: 'Letter' })
    await expect(page.locator('html')).toHaveAttribute('data-charts-printed-drawn', '3')
    await phone.close()
  })

  test('the Shortlists page lists the shortlist just made, linked, and it and the shortlist pass axe at 1280 and 412 px', async ({ page, apiRequests }) => {
    const id = shortlistUrl.split('/').pop()!
    const warnings: string[] = []
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text())
    })
    for (const width of [1280, 412]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(shortlistUrl)
      await expect(page.getByRole('link', { name: 'Download pack' })).toBeVisible()
      // The appendix is in the page, for print only; the credit shows on screen too.
      await expect(page.locator('.shortlist-appendix .appendix-project').first()).toBeAttached()
      await expect(page.getByText(/^Data: .*Berkeley Carbon Trading Project/)).toBeVisible()
      await expectNoAxeViolations(page)

      await page.goto(`${preview!.url}/`)
      if (width > 600) await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shortlists' }).click()
      else await page.goto(`${preview!.url}/shortlists`)
      await expect(page).toHaveTitle('Shortlists · Credence')
      const table = page.getByRole('table', { name: 'Your shortlists, newest first' })
      const row = table.getByRole('row').filter({ hasText: id })
      await expect(row).toHaveCount(1)
      await expect(row).toContainText('$50,000')
      await expectNoAxeViolations(page)
      await row.getByRole('link').first().click()
      await expect(page).toHaveURL(shortlistUrl)
    }
    // The page's list is named in its head when opened directly, and read once per visit.
    const listReads = apiRequests.filter((request) => request.url.pathname === '/api/recommendations' && request.method === 'GET')
    expect(listReads.map((request) => request.url.search)).toEqual(['?page=1&per_page=20', '?page=1&per_page=20'])
    expect(warnings).toEqual([])
  })

  test('a shortlist named as long as a name may be, with no space in it, reads within the screen at 1280 and 412 px', async ({ page }) => {
    const id = shortlistUrl.split('/').pop()!
    const name = `Q1-2027_LatAm_reforestation_board_review_${'v3_final_'.repeat(9)}`.slice(0, 120)
    const rename = (to: string | null) => call(api!.url, `/api/recommendations/${id}`, { method: 'PATCH', json: { name: to } })
    expect((await rename(name)).status).toBe(200)
    try {
      for (const width of [1280, 412]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(shortlistUrl)
        const heading = page.getByRole('heading', { level: 1, name })
        await expect(heading).toBeVisible()
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page at ${width} px`).toBeLessThanOrEqual(width)
        const box = (await heading.boundingBox())!
        expect(box.x + box.width, `the heading at ${width} px`).toBeLessThanOrEqual(width)
      }
    } finally {
      await rename(null)
    }
  })

  test('a shortlist is deleted from the Shortlists page once asked twice, through the proxy, the page says which, and its link then says it was deleted', async ({ page, apiRequests }) => {
    const keptUrl = shortlistUrl
    const kept = keptUrl.split('/').pop()!
    await makeShortlist(page)
    const doomedUrl = page.url()
    shortlistUrl = keptUrl
    const doomed = doomedUrl.split('/').pop()!
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${preview!.url}/shortlists`)
      const row = page.getByRole('table', { name: 'Your shortlists, newest first' }).getByRole('row').filter({ hasText: doomed })
      await row.getByRole('button', { name: `Delete (${doomed})` }).click()
      const question = row.getByRole('group', { name: `Delete ${doomed}` })
      await expect(question).toContainText('Delete it? Its link, pack and printed page stop working.')
      await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Enter')
      await expect(question).toHaveCount(0)
    }
    await page.getByRole('table', { name: 'Your shortlists, newest first' }).getByRole('row').filter({ hasText: doomed }).getByRole('button', { name: `Delete (${doomed})` }).click()
    await page.getByRole('button', { name: 'Delete shortlist' }).click()
    await expect(page.getByRole('table', { name: 'Your shortlists, newest first' }).getByRole('row').filter({ hasText: doomed })).toHaveCount(0)
    const count = page.getByRole('status').filter({ hasText: /\d+ shortlists?, newest first/ })
    await expect(count).toBeFocused()
    await expect(count).toContainText(`Deleted ${doomed}.`)
    await expect(page.getByRole('table', { name: 'Your shortlists, newest first' }).getByRole('row').filter({ hasText: kept })).toHaveCount(1)
    expect(apiRequests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname)).toEqual([`/api/recommendations/${doomed}`])
    await page.goto(doomedUrl)
    await expect(page.getByRole('heading', { level: 1, name: 'This shortlist was deleted' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
