import type { Page } from '@playwright/test'

/**
 * From a filter change to the new rows on screen, API included, timed inside the page: from the input event
 * that changes the filter to the first paint after the table shows the new result (its count changed and it
 * is no longer marked busy). Timing from the page, not from the test, leaves out the automation's own round
 * trips. Every sample is a filter state not visited before, so no answer comes from the cache: each minimum
 * vintage in turn, without and then with the CCP label.
 */
export async function measureFilterChange(page: Page, base: string) {
  await page.goto(`${base}/projects`)
  await page.getByRole('row').nth(1).waitFor()
  const vintage = page.getByRole('combobox', { name: 'First vintage' })
  // Oldest first: a later minimum stays among the years offered, which end at the latest vintage left.
  const years = (await vintage.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)))
    .filter(Boolean)
    .slice(0, 15)
    .reverse()
  const label = page.getByRole('checkbox', { name: /ICVCM CCP-Approved/ })

  const samples: number[] = []
  const timeChange = async (change: () => Promise<unknown>) => {
    // A string, not a function: the TypeScript loader would wrap inner functions in a helper the page lacks.
    await page.evaluate(`(() => {
      const count = () => document.querySelector('.project-count')?.textContent ?? ''
      const before = count()
      window.__change = new Promise((resolve, reject) => {
        let started = null
        document.addEventListener('change', (event) => { started = event.timeStamp }, { capture: true, once: true })
        const observer = new MutationObserver(() => {
          if (started === null || count() === before || document.querySelector('table[aria-busy]')) return
          observer.disconnect()
          // The frame that shows the new rows, then the first task after its paint.
          requestAnimationFrame(() => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => resolve(performance.now() - started)
            channel.port2.postMessage(null)
          })
        })
        observer.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true, attributes: true })
        setTimeout(() => reject(new Error('no new rows within 10 s of a filter change; the count shows ' + count())), 10000)
      })
    })()`)
    await change()
    samples.push(await page.evaluate<number>('window.__change'))
  }
  for (const withLabel of [false, true]) {
    if (withLabel) await timeChange(() => label.check())
    for (const year of years) await timeChange(() => vintage.selectOption(year))
    await timeChange(() => vintage.selectOption(''))
  }
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: percentile(samples, 100), budget_p95_ms: 150 }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10
}
