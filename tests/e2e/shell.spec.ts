import { expect, expectNoAxeViolations, test } from './fixtures'

const sections = [
  { name: 'Recommend', path: '/', title: /^Recommend · Credence$/ },
  { name: 'Shortlists', path: '/shortlists', title: /^Shortlists · Credence$/ },
  { name: 'Projects', path: '/projects', title: /^Projects\b.* · Credence$/ },
  { name: 'Credits', path: '/credits', title: /^Credits · Credence$/ },
  { name: 'Prices', path: '/prices', title: /^Prices\b.* · Credence$/ },
  { name: 'Sources', path: '/sources', title: /^Sources\b.* · Credence$/ },
  { name: 'Coverage', path: '/coverage', title: /^Coverage\b.* · Credence$/ },
]

test('the header links every section, marks the current one, and the title follows the route', async ({ page }) => {
  await page.goto('/projects')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(sections.map((s) => s.name))
  for (const section of [...sections.slice(1), sections[0]]) {
    await nav.getByRole('link', { name: section.name }).click()
    await expect(page).toHaveURL(new RegExp(`${section.path === '/' ? '/$' : `${section.path}$`}`))
    await expect(nav.getByRole('link', { name: section.name })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
    await expect(page).toHaveTitle(section.title)
  }
})

test('the skip link is the first stop from the keyboard and moves to the main content', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByLabel('Budget (USD)')).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
  await expect(page.getByRole('main')).toBeFocused()
})

test('a date field keeps its focus ring on every part the keyboard reaches inside it, its calendar button too', async ({ page }) => {
  await page.goto('/credits')
  const from = page.getByLabel('From')
  await from.focus()
  // Month, day, year, then the calendar button: on the button the field matched neither :focus nor
  // :focus-visible, and only a thin ring round the icon showed where the keyboard was.
  for (let part = 0; part < 4; part++) {
    await expect(from).toBeFocused()
    expect(await from.evaluate((field) => getComputedStyle(field).boxShadow), `part ${part + 1}`).toMatch(/\dpx$/)
    await page.keyboard.press('Tab')
  }
  await expect(from).not.toBeFocused()
})

test('every stop of the keyboard shows its focus ring, the current page\'s link in the header too', async ({ page }) => {
  // Each page with a form whose fields follow the header's links: its first field shown, they are in the order.
  for (const [path, field] of [['/', 'Budget (USD)'], ['/projects', 'Search']]) {
    await page.goto(path)
    await expect(page.getByLabel(field)).toBeVisible()
    for (let stop = 0; stop < 14; stop++) {
      await page.keyboard.press('Tab')
      // The ring is two shadows, the outer 5px wide; the current link's underline alone is an inset one.
      const ring = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement
        const style = getComputedStyle(focused)
        // The transparent outline beside it shows only in a forced-colours mode (the test below).
        const outlined = style.outlineStyle !== 'none' && style.outlineColor !== 'rgba(0, 0, 0, 0)'
        return { what: `${focused.tagName} ${focused.textContent?.trim().slice(0, 30) ?? ''}`, ringed: / 5px( |,|$)/.test(style.boxShadow) || outlined }
      })
      expect(ring.ringed, `${path}, stop ${stop + 1}: ${ring.what}`).toBe(true)
    }
  }
})

test("in a forced-colours mode, where no shadow is drawn, every stop keeps an outline the mode paints in its own colour", async ({ page }) => {
  // Windows' high contrast drops box shadows: a ring drawn only as one, with \`outline: none\`, showed nothing.
  await page.emulateMedia({ forcedColors: 'active' })
  await page.goto('/')
  await expect(page.getByLabel('Budget (USD)')).toBeVisible()
  for (let stop = 0; stop < 8; stop++) {
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement
      const style = getComputedStyle(focused)
      return { what: `${focused.tagName} ${focused.textContent?.trim().slice(0, 30) ?? ''}`, style: style.outlineStyle, width: style.outlineWidth }
    })
    expect(outline, `stop ${stop + 1}: ${outline.what}`).toMatchObject({ style: 'solid', width: '3px' })
  }
})

test('an unknown address shows a not-found page inside the shell', async ({ page }) => {
  await page.goto('/this/does/not/exist')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found · Credence')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to recommendations' }).click()
  await expect(page.getByRole('button', { name: 'Get recommendations' })).toBeVisible()
})

test('the shell follows the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const light = await background()
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(background).not.toBe(light)
})

test('the shell and the not-found page pass axe, in light and dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto('/')
    await expect(page.getByRole('checkbox').first()).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/nowhere')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expectNoAxeViolations(page)
  }
})
