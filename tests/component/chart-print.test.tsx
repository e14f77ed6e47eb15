import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HorizontalBarChart } from '../../src/components/charts/horizontal-bar-chart'

// jsdom has no canvas for uPlot: a stand-in says whether the bars were drawn, and whether its code is in the page.
const bars = vi.hoisted(() => ({ loaded: false }))
vi.mock('../../src/components/charts/uplot-bars', () => ({
  default: function UplotBars({ draw }: { draw: boolean }) {
    bars.loaded = true
    return draw ? <span>Bars drawn</span> : null
  },
}))

/** The print media query, whose listeners a test tells that the page is being printed. */
function printMediaQuery() {
  const listeners = new Set<(event: { matches: boolean }) => void>()
  return {
    matchMedia: (media: string) => ({
      media,
      matches: false,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => media === 'print' && listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    }),
    print: () => listeners.forEach((listener) => listener({ matches: true })),
  }
}

let nearing: (() => void) | undefined
const printMedia = printMediaQuery()

function renderMix() {
  render(
    <HorizontalBarChart
      title="Money allocated by project type"
      categoryLabel="Project type"
      valueLabel="Cost (USD)"
      bars={[
        { label: 'Landfill Methane', value: 99_988 },
        { label: 'Cookstoves', value: 73_857.2 },
      ]}
    />,
  )
}

/** A chart below the first screen of a page no reader has scrolled, once the page has been idle. */
async function renderUnreached() {
  bars.loaded = false
  renderMix()
  await waitFor(() => expect(bars.loaded).toBe(true))
  expect(screen.getByRole('img', { name: /Money allocated by project type: bar chart/ })).toBeEmptyDOMElement()
}

describe('a chart below the first screen', () => {
  beforeEach(() => {
    // What lets a page draw its charts (a canvas, media queries), an observer that no chart has come near yet, and
    // a browser idle at once.
    vi.stubGlobal('Path2D', class {})
    vi.stubGlobal('matchMedia', printMedia.matchMedia)
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle))
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly reached: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          nearing = () => this.reached([{ isIntersecting: true }])
        }
        disconnect() {}
      },
    )
    // A print is the browser's, outside any test's batching: what it lays out is what is drawn when its event returns.
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })

  it('is drawn as a reader nears it, and not before', async () => {
    await renderUnreached()
    nearing!()
    expect(await screen.findByText('Bars drawn')).toBeInTheDocument()
  })

  it('is drawn within the print\'s own event, before the print lays the page out (window.print, Ctrl+P)', async () => {
    await renderUnreached()
    window.dispatchEvent(new Event('beforeprint'))
    expect(screen.getByText('Bars drawn')).toBeInTheDocument()
  })

  it('is drawn as the print media query starts to match, in browsers that say a print is starting only so', async () => {
    await renderUnreached()
    printMedia.print()
    expect(screen.getByText('Bars drawn')).toBeInTheDocument()
  })
})
