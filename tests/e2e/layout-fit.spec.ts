import { existsSync } from 'node:fs'
import { cutSelects, fitWidths, inViewHorizontally, measureFit, routesToCheck, settle, type RouteToCheck } from '../support/page-fit'
import { berkeleyFile } from '../support/real-files'
import { expect, expectNoAxeViolations, test } from './fixtures'

/**
 * Every page reads at a laptop's 1280 px and a phone's 412 px, on Berkeley's real file (long names, long types,
 * real histories): nothing wider than the screen, what a reader compares on in view without scrolling sideways,
 * and axe clean at both widths. On the preview and API seeded from the real file (the `berkeley` fixture).
 */
test.skip(!existsSync(berkeleyFile), `needs Berkeley's file at ${berkeleyFile}`)
test.describe.configure({ timeout: 120_000 })

let routes: RouteToCheck[] = []
test.beforeAll(async ({ berkeley: { preview } }) => {
  routes = (await routesToCheck(preview.url)).map((route) => ({ ...route, path: `${preview.url}${route.path}` }))
})
const route = (name: string) => routes.find((r) => r.name === name)!.path

for (const width of fitWidths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 915 } })

    test('no page is wider than the screen, a table wider than its box says so and keeps its caption in it, no source name breaks mid-word, and axe finds nothing', async ({ page }) => {
      const tooWide: string[] = []
      const unsaid: string[] = []
      const cutCaptions: string[] = []
      const brokenNames: string[] = []
      const wideCharts: string[] = []
      const cutNames: string[] = []
      let said = 0
      for (const { name, path } of routes) {
        await page.goto(path)
        await settle(page)
        const fit = await measureFit(page)
        if (fit.scrollWidth > fit.viewport) tooWide.push(`${name}: ${fit.scrollWidth} px (${fit.overflowing.join('; ')})`)
        await expectNoAxeViolations(page)
        // Each box whose table runs past its edge shows the line that says so, and no other box does: with every
        // disclosure opened (a chart's numbers, a project's signals), since a closed one's box is not laid out.
        await page.locator('details:not([open])').evaluateAll((closed) => closed.forEach((details) => ((details as HTMLDetailsElement).open = true)))
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        const boxes = await page.locator('.table-wrap').evaluateAll((wraps) =>
          wraps.filter((wrap) => wrap.checkVisibility()).map((wrap) => ({
            label: wrap.getAttribute('aria-label') ?? wrap.getAttribute('aria-labelledby') ?? '',
            wider: wrap.scrollWidth > wrap.clientWidth + 1,
            hint: [...wrap.children].some((child) => child.classList.contains('table-scroll-hint') && child.getBoundingClientRect().height > 0),
          })),
        )
        for (const box of boxes) if (box.wider !== box.hint) unsaid.push(`${name}: ${box.label} (${box.wider ? 'wider, no line' : 'fits, a line'})`)
        // A chart's numbers, a few short columns, fit their box: the last of them was the one a reader came for.
        const charts = await page.locator('.chart-table-wrap').evaluateAll((wraps) =>
          wraps.filter((wrap) => wrap.checkVisibility() && wrap.scrollWidth > wrap.clientWidth + 1).map((wrap) => `${wrap.getAttribute('aria-label')} (${wrap.scrollWidth} px in ${wrap.clientWidth})`),
        )
        wideCharts.push(...charts.map((chart) => `${name}: ${chart}`))
        // At a laptop's width a select shows whole whichever name is chosen ("Berkeley Voluntary Registry Offsets
        // Database (vrod)" was cut on Sources, a long project type in the brief); a phone's own picker shows them whole.
        if (width > 600) cutNames.push(...(await cutSelects(page)).map((cut) => `${name}: ${cut}`))
        said += boxes.filter((box) => box.hint).length
        // A table's caption reads within its box, however wide the table: it was one line as wide as the table.
        const captions = await page.locator('.table-wrap > table > caption').evaluateAll((all) =>
          all.filter((caption) => caption.checkVisibility() && caption.getBoundingClientRect().width > 1).flatMap((caption) => {
            const box = caption.closest('.table-wrap')!.getBoundingClientRect()
            const own = caption.getBoundingClientRect()
            return own.left < box.left - 1 || own.right > box.right + 1 ? [`${caption.textContent} (${Math.round(own.width)} px in ${Math.round(box.width)})`] : []
          }),
        )
        cutCaptions.push(...captions.map((caption) => `${name}: ${caption}`))
        // No word of a heatmap column's source name is broken across lines (at a phone's width they stood as
        // "Berk / eley / Vol…"), and no name is cut where it stands upright (on one line, "Berkeley Voluntary R…"):
        // each word's text lies on one line, whether the names lie or stand upright.
        const broken = await page.locator('.heatmap-column-name').evaluateAll((names) =>
          names.flatMap((name) => {
            const element = name.firstElementChild ?? name
            const text = element.firstChild
            if (!text || text.nodeType !== Node.TEXT_NODE) return [`no text in ${name.textContent}`]
            const upright = getComputedStyle(element).writingMode.startsWith('vertical')
            const cut = upright && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) ? [`cut: ${text.textContent}`] : []
            const words = [...(text.textContent ?? '').matchAll(/\S+/g)]
            return cut.concat(
              words.flatMap((word) => {
                const range = document.createRange()
                range.setStart(text, word.index)
                range.setEnd(text, word.index + word[0].length)
                const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(upright ? r.left : r.top)))
                return lines.size > 1 ? [`${word[0]} in ${text.textContent}`] : []
              }),
            )
          }),
        )
        brokenNames.push(...broken.map((word) => `${name}: ${word}`))
      }
      expect(tooWide).toEqual([])
      expect(unsaid).toEqual([])
      expect(cutCaptions).toEqual([])
      expect(brokenNames).toEqual([])
      expect(wideCharts).toEqual([])
      expect(cutNames).toEqual([])
      // At a phone's width some table is wider than its box (the coverage page's summary, 465 px), and says so.
      if (width < 600) expect(said).toBeGreaterThan(0)
    })
  })
}

test.describe('what a reader compares on is in view', () => {
  test('at 1280 px the project browser shows grade and price without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(route('projects'))
    await settle(page)
    for (const name of [/^Quality/, /^Spot price/, /^Name/, /^Credits remaining/]) {
      expect(await inViewHorizontally(page, page.getByRole('columnheader', { name }).first()), String(name)).toBe(true)
    }
    // What a price is, under it, stays within its cell: an estimate's range never runs into the next column.
    await expect(page.locator('.project-table .price-basis').first()).toBeVisible()
    const spilling = await page.locator('.project-table .price-basis').evaluateAll((notes) =>
      notes.filter((note) => note.getBoundingClientRect().right > note.closest('td')!.getBoundingClientRect().right + 0.5).map((note) => note.textContent),
    )
    expect(spilling).toEqual([])
  })

  test('at 412 px each project in the browser is a card with key, a name of up to two lines, grade and price in view', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(route('projects'))
    await settle(page)
    const scroller = page.locator('.project-table-scroll')
    // Nothing in the list scrolls sideways: the card is the whole of the row.
    expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0)
    const first = page.locator('.project-row').first()
    await expect(first.locator('.col-spot_price')).toContainText('$')
    for (const cell of ['.col-key', '.col-vintage', '.col-name', '.col-quality_score', '.col-spot_price', '.col-credits_remaining']) {
      expect(await inViewHorizontally(page, first.locator(cell)), cell).toBe(true)
    }
    await expect(first.locator('.col-credits_remaining')).toHaveText(/^[\d,]+$/)
    // A card has no column heading over its compare box: the box's own word names it, in view, and ticks it.
    const compare = first.locator('.col-select')
    await expect(compare.getByText('Compare', { exact: true })).toBeVisible()
    expect(await inViewHorizontally(page, compare.getByText('Compare', { exact: true }))).toBe(true)
    await compare.getByText('Compare', { exact: true }).click()
    await expect(compare.getByRole('checkbox')).toBeChecked()
    await compare.getByText('Compare', { exact: true }).click()
    await expect(compare.getByRole('checkbox')).not.toBeChecked()
    // What the price is stays inside its card, never over the next one.
    const spilling = await page.locator('.project-row').evaluateAll((rows) =>
      rows.slice(0, 5).filter((row) => [...row.querySelectorAll('td')].some((cell) => cell.getBoundingClientRect().bottom > row.getBoundingClientRect().bottom + 0.5)).length,
    )
    expect(spilling).toBe(0)
    // A long name reads on two lines, not cut at one with its whole in a tooltip a finger cannot open.
    const nameLines = await page.locator('.project-row .col-name .cell-truncate').evaluateAll((names) =>
      names.slice(0, 10).map((name) => Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight))),
    )
    expect(Math.max(...nameLines), nameLines.join(', ')).toBe(2)
    // The cells a card leaves out are not drawn, and the rows are as tall as the list is told they are.
    await expect(first.locator('.col-type')).toBeHidden()
    await expect(page.getByText(/^Columns/)).toHaveCount(0)
    const heights = await page.locator('.project-row').evaluateAll((rows) => rows.slice(0, 5).map((row) => row.getBoundingClientRect().height))
    expect(new Set(heights).size).toBe(1)
    // A phone sorts by what remains as a desk does, and by first vintage, which each card shows beside its key.
    await page.getByRole('columnheader', { name: /^Credits remaining/ }).getByRole('button').click()
    await expect(page).toHaveURL(/[?&]sort=-?credits_remaining/)
    await settle(page)
    await expect(first.locator('.col-vintage')).toHaveText(/^(\d{4}|—)$/)
    // Both cells are read from one row in one pass: the sorted list redraws its rows, and a cell read between two
    // draws would have no box.
    const overlap = () =>
      first.evaluate((row) => {
        const [remaining, vintage] = ['.col-credits_remaining', '.col-vintage'].map((cell) => row.querySelector(cell)!.getBoundingClientRect())
        return remaining.right - vintage.left
      })
    await expect.poll(overlap, { message: 'what remains ends before the vintage begins' }).toBeLessThanOrEqual(0)
    await page.getByRole('columnheader', { name: /^First vintage/ }).getByRole('button').click()
    await expect(page).toHaveURL(/[?&]sort=-?vintage\b/)
    const head = page.locator('.project-table thead')
    expect(await head.evaluate((bar) => bar.scrollWidth - bar.clientWidth), 'the bar of sorts fits the screen').toBeLessThanOrEqual(0)
  })

  test('at 412 px each source of the catalog is a card under a bar of its sorts, nothing to scroll sideways for', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(route('sources'))
    await settle(page)
    const catalog = page.getByRole('table', { name: /^Source catalog/ })
    const box = page.locator('.table-wrap', { has: catalog })
    expect(await box.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth), 'the catalog scrolls sideways').toBeLessThanOrEqual(1)
    const rows = catalog.locator('tbody tr')
    expect(await rows.count()).toBeGreaterThan(1)
    for (const cell of ['Projects covered', 'Data as of']) {
      const figure = rows.first().locator(`td[data-label="${cell}"]`)
      expect(await inViewHorizontally(page, figure), cell).toBe(true)
    }
    // The headings still sort, from a bar above the cards: the most projects covered first.
    const projects = catalog.getByRole('columnheader', { name: /^Projects covered/ })
    expect(await inViewHorizontally(page, projects), 'the sort by projects covered').toBe(true)
    // A figure sorts largest first from its first click; the second turns it round.
    await projects.getByRole('button').click()
    await expect(projects).toHaveAttribute('aria-sort', 'descending')
    const covered = await catalog.locator('tbody td[data-label="Projects covered"]').allTextContents()
    const counts = covered.map((text) => Number(text.replace(/\D/g, '')))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })

  test("at 1280 px a project's labels each read on one line", async ({ page, berkeley: { preview } }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    // A project of the longest label, beside its others: in a fact's 12rem column each wrapped onto two lines.
    const label = encodeURIComponent('CORSIA – Pilot Phase, 2021-2023 Eligible')
    const listed = (await (await fetch(`${preview.url}/api/projects?label=${label}&sort=-quality_score&per_page=1`)).json()) as { data: { key: string }[] }
    await page.goto(`${preview.url}/projects/${listed.data[0].key}`)
    await settle(page)
    const lines = await page.locator('.label-list .badge').evaluateAll((badges) =>
      badges.map((badge) => {
        const range = document.createRange()
        range.selectNodeContents(badge)
        return { label: badge.textContent, lines: new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size }
      }),
    )
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.filter((badge) => badge.lines > 1)).toEqual([])
  })

  for (const width of [1280, 768]) {
    test(`at ${width} px the brief's paired fields stand level, whatever their hints' length`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(route('home'))
      await settle(page)
      // Side by side, each pair's controls share a line: a hint of two lines above one control put it lower, and the
      // type's row of its own once took the diversification's first share too.
      const top = async (label: string) => Math.round((await page.getByLabel(label, { exact: true }).boundingBox())!.y)
      const pairs = [['Region', 'Approach'], ['Budget (USD)', 'Minimum vintage'], ['Largest share per project type (%)', 'Largest share per country (%)'], ['Smallest share of removals (%)', 'Shortlist size (projects)']]
      for (const [left, right] of pairs) {
        expect(await top(right), `${left} and ${right}`).toBe(await top(left))
      }
    })
  }

  // Berkeley's removals-only shortlist is all "Afforestation/Reforestation" but two: one word to the browser, which
  // held the type column so wide that the Share column scrolled out of its third of the page.
  test("at 1280 px a shortlist's mix tables show every column, a type of slashes included", async ({ page, berkeley: { preview } }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    // Made from the app's own page, as the proxy takes writes.
    await page.goto(`${preview.url}/shortlists`)
    const id = await page.evaluate(async () => {
      const made = await fetch('/api/recommendations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ budget_usd: 250_000, min_removal_share: 1 }) })
      return ((await made.json()) as { id: string }).id
    })
    await page.goto(`${preview.url}/recommendations/${id}`)
    await settle(page)
    for (const toggle of await page.getByText('Show the numbers as a table').all()) await toggle.click()
    const tables = page.locator('.chart-table-wrap')
    await expect(tables.first()).toBeVisible()
    const fits = await tables.evaluateAll((wraps) => wraps.map((wrap) => ({ name: wrap.querySelector('caption')?.textContent, fits: wrap.scrollWidth <= wrap.clientWidth })))
    expect(fits.length).toBeGreaterThanOrEqual(3)
    expect(fits.filter((table) => !table.fits)).toEqual([])
    await expect(page.getByRole('rowheader', { name: 'Afforestation/Reforestation' }).first()).toBeVisible()
  })

  // Half a card's width broke a brief's type mid-word: "Afforestation/Reforestati|on".
  test("at 412 px a kept shortlist's brief reads across its card, a type of slashes whole", async ({ page, berkeley: { preview } }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(`${preview.url}/shortlists`)
    const made = await page.evaluate(async () => {
      const answer = await fetch('/api/recommendations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ budget_usd: 75_000, type: 'Afforestation/Reforestation' }),
      })
      return answer.status
    })
    expect(made).toBe(201)
    await page.reload()
    await settle(page)
    const brief = page.locator('.kept-shortlist-brief').filter({ hasText: 'Afforestation/Reforestation' }).first()
    await expect(brief).toBeVisible()
    const lines = await brief.evaluate((cell) => {
      const text = [...cell.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.includes('Afforestation/Reforestation'))!
      const range = document.createRange()
      const start = text.textContent!.indexOf('Afforestation/Reforestation')
      range.setStart(text, start)
      range.setEnd(text, start + 'Afforestation/Reforestation'.length)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines, 'the type on one line').toBe(1)
  })

  // The Credits filters' row read 42 px for a text field, 40 for a select and 44 for a date.
  test('at 1280 px the controls of a form stand one height: fields, selects, dates and its button', async ({ page, berkeley: { preview } }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    for (const path of ['/credits', '/']) {
      await page.goto(`${preview.url}${path}`)
      await settle(page)
      const heights = await page
        .locator('main form')
        .first()
        .locator('input:not([type=checkbox]):not([type=radio]):not([type=file]), select, button[type=submit]')
        .evaluateAll((controls) => controls.map((control) => `${control.tagName.toLowerCase()}${control.getAttribute('type') ? `[${control.getAttribute('type')}]` : ''} ${Math.round(control.getBoundingClientRect().height)}`))
      expect(heights.length, path).toBeGreaterThan(4)
      expect(new Set(heights.map((control) => control.split(' ')[1])).size, `${path}: ${heights.join(', ')}`).toBe(1)
    }
  })

  test('at 1280 px three projects sit side by side in the comparison', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(route('compare'))
    await settle(page)
    const heads = page.locator('.compare-table > thead > tr > th[scope="col"]')
    await expect(heads).toHaveCount(3)
    for (let i = 0; i < 3; i++) expect(await inViewHorizontally(page, heads.nth(i)), `project ${i + 1}`).toBe(true)
  })

  test('at 412 px each shortlisted project is a card with its cost in view', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(route('shortlist'))
    await settle(page)
    const first = page.locator('.shortlist-item').first()
    const cost = first.locator('[data-label="Cost"]')
    await expect(cost).toContainText('$')
    expect(await inViewHorizontally(page, cost)).toBe(true)
    expect(await inViewHorizontally(page, first.locator('[data-label="Quality grade"]'))).toBe(true)
  })
})
