import { fitWidths, inViewHorizontally, measureFit, routesToCheck, settle, type RouteToCheck } from '../support/page-fit'
import { appUrl, expect, expectNoAxeViolations, test } from './fixtures'

/**
 * Every page reads at a laptop's 1280 px and a phone's 412 px: nothing wider than the screen, what a reader
 * compares on in view without scrolling sideways, and axe clean at both widths.
 */
let routes: RouteToCheck[] = []
test.beforeAll(async () => {
  routes = await routesToCheck(appUrl)
})

for (const width of fitWidths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 915 } })

    test('no page is wider than the screen, and axe finds nothing', async ({ page }) => {
      test.setTimeout(120_000)
      const tooWide: string[] = []
      for (const route of routes) {
        await page.goto(route.path)
        await settle(page)
        const fit = await measureFit(page)
        if (fit.scrollWidth > fit.viewport) tooWide.push(`${route.name}: ${fit.scrollWidth} px (${fit.overflowing.join('; ')})`)
        await expectNoAxeViolations(page)
      }
      expect(tooWide).toEqual([])
    })
  })
}

test.describe('what a reader compares on is in view', () => {
  test('at 1280 px the project browser shows grade and price without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/projects')
    await settle(page)
    for (const name of [/^Quality/, /^Spot price/, /^Name/]) {
      expect(await inViewHorizontally(page, page.getByRole('columnheader', { name }).first()), String(name)).toBe(true)
    }
  })

  test('at 1280 px three projects sit side by side in the comparison', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(routes.find((route) => route.name === 'compare')!.path)
    await settle(page)
    const heads = page.locator('.compare-table thead th[scope="col"]')
    await expect(heads).toHaveCount(3)
    for (let i = 0; i < 3; i++) expect(await inViewHorizontally(page, heads.nth(i)), `project ${i + 1}`).toBe(true)
  })

  test('at 412 px each shortlisted project is a card with its cost in view', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 })
    await page.goto(routes.find((route) => route.name === 'shortlist')!.path)
    await settle(page)
    const first = page.locator('.shortlist-item').first()
    const cost = first.locator('[data-label="Cost"]')
    await expect(cost).toContainText('$')
    expect(await inViewHorizontally(page, cost)).toBe(true)
    expect(await inViewHorizontally(page, first.locator('[data-label="Quality grade"]'))).toBe(true)
  })
})
