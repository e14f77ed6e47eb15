import type { Page } from '@playwright/test'

/** The widths every page must read at: a laptop and a phone. */
export const fitWidths = [1280, 412] as const

export interface RouteToCheck {
  name: string
  path: string
}

/**
 * Every route of the app, on a catalogue with at least three registered projects: the project and compare
 * routes use its first keys, the shortlist a recommendation made for the occasion.
 */
export async function routesToCheck(baseUrl: string): Promise<RouteToCheck[]> {
  const listed = (await (await fetch(`${baseUrl}/api/projects?per_page=3&status=registered&sort=-quality_score`)).json()) as { data: { key: string }[] }
  const keys = listed.data.map((project) => project.key)
  if (keys.length < 3) throw new Error(`Need three registered projects to check every route, found ${keys.length}`)
  const answer = await fetch(`${baseUrl}/api/recommendations`, {
    method: 'POST',
    // The app's proxy forwards a change only from the app's own pages.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ budget_usd: 250_000 }),
  })
  const recommendation = (await answer.json()) as { id?: string }
  if (!recommendation.id) throw new Error(`No shortlist to check: ${JSON.stringify(recommendation).slice(0, 300)}`)
  return [
    { name: 'home', path: '/' },
    { name: 'projects', path: '/projects' },
    { name: 'project', path: `/projects/${keys[0]}` },
    { name: 'compare', path: `/compare?keys=${keys.join(',')}` },
    { name: 'shortlist', path: `/recommendations/${recommendation.id}` },
    { name: 'shortlists', path: '/shortlists' },
    // With keys, so the table of prices, names beside their keys, is measured too.
    { name: 'prices', path: `/prices?keys=${keys.join(',')},NOPE1` },
    { name: 'sources', path: '/sources' },
    { name: 'coverage', path: '/coverage' },
    { name: 'credits', path: '/credits' },
    { name: 'rating-method', path: '/rating-method' },
  ]
}

/** Waits until the page has drawn its content: a first-level heading and no loading indicator left. */
export async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  // A page still loading would measure its placeholder: one that never finishes fails here rather than passing.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'), undefined, { timeout: 30_000 })
  // Charts are drawn as a reader nears them: the page is read to its end and back, so every one is drawn.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    }
    window.scrollTo(0, 0)
  })
  // Pages that follow a run keep polling, so the network may never go idle: a short wait for charts and prices.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
}

export interface Fit {
  viewport: number
  scrollWidth: number
  /** The widest elements that stick out past the right edge, for the report. */
  overflowing: string[]
}

/** How wide the document is against its viewport, and what sticks out. */
export async function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const overflowing: string[] = []
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect()
      if (box.right > viewport + 1 && box.width > 0 && overflowing.length < 5) {
        const name = element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : '')
        overflowing.push(`${name} (right ${Math.round(box.right)})`)
      }
    }
    return { viewport, scrollWidth: document.documentElement.scrollWidth, overflowing }
  })
}

/** Whether the element's box lies within the viewport's width (it may be further down the page). */
export async function inViewHorizontally(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox()
  if (!box) return false
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  return box.x >= 0 && box.x + box.width <= width + 1
}

/**
 * The selects on the page that cut a name they offer: a select is as wide as its longest option unless its box caps
 * it, and then shows the chosen one cut. Each is measured against a copy of itself left to its own width, holding the
 * options that can be chosen (one that cannot says why in its words, and is never the one shown).
 */
export async function cutSelects(page: Page): Promise<string[]> {
  return page.locator('select').evaluateAll((selects) =>
    (selects as HTMLSelectElement[]).filter((select) => select.checkVisibility()).flatMap((select) => {
      const free = select.cloneNode(true) as HTMLSelectElement
      for (const option of [...free.options]) if (option.disabled) option.remove()
      free.style.maxWidth = 'none'
      free.style.width = 'auto'
      free.style.position = 'absolute'
      document.body.append(free)
      const needs = free.getBoundingClientRect().width
      free.remove()
      const has = select.getBoundingClientRect().width
      return has + 0.5 < needs ? [`${select.labels[0]?.textContent}: ${Math.round(has)} px of ${Math.round(needs)}`] : []
    }),
  )
}

/**
 * The visible captions on the page that a table shown as cards squeezes: a caption is as wide as its table, but one
 * left a table's caption inside a table shown as a block shrinks to its longest word ("Credit records, newest first:
 * Page 1 of 14" stood 89 px wide, a word or two a line, over cards of 412 px).
 */
export async function squeezedCaptions(page: Page): Promise<string[]> {
  return page.locator('table > caption').evaluateAll((captions) =>
    captions
      .filter((caption) => caption.checkVisibility() && caption.getBoundingClientRect().width > 1)
      .flatMap((caption) => {
        const own = caption.getBoundingClientRect().width
        const table = caption.parentElement!.getBoundingClientRect().width
        return own < table * 0.9 ? [`${caption.textContent} (${Math.round(own)} px over ${Math.round(table)})`] : []
      }),
  )
}
