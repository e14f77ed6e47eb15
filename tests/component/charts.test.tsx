import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type uPlot from 'uplot'
import { barPlacement, barPlotData, barPlotOptions, fitLabel, formatTick } from '../../src/components/charts/bar-plot-options'
import { GroupedBarChart } from '../../src/components/charts/grouped-bar-chart'
import { HorizontalBarChart } from '../../src/components/charts/horizontal-bar-chart'
import type { BarChartModel } from '../../src/components/charts/chart-model'
import { describeBar, useBarFocus } from '../../src/components/charts/use-bar-focus'

// uPlot reads the device pixel ratio through matchMedia as it loads; jsdom has none, so one that matches nothing.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia
})

/** jsdom has no canvas: the charts show their tables alone here; the pictures are checked in Chromium (e2e). */
describe('bar charts', () => {
  it('name their figure and give the same numbers as a table, one keypress from the keyboard', async () => {
    const user = userEvent.setup()
    render(
      <GroupedBarChart
        title="Credits per year"
        description="Issued by vintage and retired in the year."
        categoryLabel="Year"
        categories={['2019', '2020', '2021']}
        series={[
          { label: 'Issued', values: [1200, 0, 345678] },
          { label: 'Retired', values: [10, 20, 30] },
        ]}
      />,
    )
    const figure = screen.getByRole('figure', { name: 'Credits per year' })
    expect(figure).toHaveAccessibleDescription('Issued by vintage and retired in the year.')
    const disclosure = screen.getByText('Show the numbers as a table')
    expect(disclosure.closest('details')).not.toHaveAttribute('open')

    await user.tab()
    expect(disclosure).toHaveFocus()
    // jsdom does not open a <summary> on Enter as browsers do (the e2e tests press it in Chromium): click it.
    await user.click(disclosure)
    expect(disclosure.closest('details')).toHaveAttribute('open')
    const table = screen.getByRole('table', { name: 'Credits per year' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Year', 'Issued', 'Retired'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['20191,20010', '2020020', '2021345,67830', 'Total346,87860'])
    // The table's box scrolls when long, so it takes focus for the keyboard to scroll it.
    await user.tab()
    expect(screen.getByRole('region', { name: 'Credits per year, as a table' })).toHaveFocus()
  })

  it('give each bar its value and share of the total in the horizontal mode', async () => {
    const user = userEvent.setup()
    render(
      <HorizontalBarChart
        title="Portfolio mix by type"
        categoryLabel="Project type"
        valueLabel="Tonnes"
        bars={[
          { label: 'Wind', value: 750 },
          { label: 'Cookstoves', value: 250 },
        ]}
      />,
    )
    await user.click(screen.getByText('Show the numbers as a table'))
    const table = screen.getByRole('table', { name: 'Portfolio mix by type' })
    const cells = (name: string) => within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell')
    expect(cells('Wind').map((cell) => cell.textContent)).toEqual(['750', '75.0%'])
    expect(cells('Cookstoves').map((cell) => cell.textContent)).toEqual(['250', '25.0%'])
    expect(cells('Total').map((cell) => cell.textContent)).toEqual(['1,000', '100.0%'])
  })

  it('say there is nothing to chart rather than draw an empty frame', () => {
    render(<GroupedBarChart title="Credits per year" categoryLabel="Year" categories={[]} series={[]} emptyText="No credits issued or retired yet." />)
    expect(screen.getByRole('figure', { name: 'Credits per year' })).toHaveTextContent('No credits issued or retired yet.')
    expect(screen.queryByText('Show the numbers as a table')).not.toBeInTheDocument()
  })
})

/** The plot's options, built as the lazy chart module builds them, with a fixed-width font stand-in for the canvas. */
describe('bar plot options', () => {
  const theme = { series: ['#111', '#222', '#333', '#444'], axis: '#555', grid: '#666', font: 'sans-serif' }
  const measure = (text: string) => text.length * 7
  const plot = {} as uPlot
  const longType = 'Ozone Depleting Substances Recovery & Destruction'

  it('marks money with its currency and counts without one', () => {
    expect(formatTick(200_000, 'usd')).toBe('$200K')
    expect(formatTick(1_500_000, 'usd')).toBe('$1.5M')
    expect(formatTick(1_500_000)).toBe('1.5M')
    const options = barPlotOptions({ kind: 'horizontal', valueUnit: 'usd', categories: ['Wind'], values: [400_000] }, theme, 600, 100, measure)
    const valueAxis = options.axes![1]
    expect((valueAxis.values as (u: uPlot, splits: number[]) => string[])(plot, [0, 200_000, 400_000])).toEqual(['$0', '$200K', '$400K'])
  })

  it('draws a series in its own colour where it gives one, in the picture and the legend alike, else in its place\'s', () => {
    // The Credits view's kinds: filtered to one vintage, "Retired or cancelled" alone was drawn in the first colour.
    const model: BarChartModel = {
      kind: 'grouped',
      categories: ['2024-01'],
      series: [
        { label: 'Issued', values: [5], colour: 1 },
        { label: 'Retired or cancelled', values: [3], colour: 4 },
      ],
    }
    const options = barPlotOptions(model, theme, 600, 100, measure)
    expect(options.series.slice(1).map((s) => s.fill)).toEqual(['#111', '#444'])
    expect(barPlotOptions({ ...model, series: model.series.map(({ colour: _, ...s }) => s) }, theme, 600, 100, measure).series.slice(1).map((s) => s.fill)).toEqual(['#111', '#222'])
    const { container } = render(<GroupedBarChart title="Credits per month" categoryLabel="Month" categories={model.categories} series={model.series} />)
    expect([...container.querySelectorAll('.chart-legend .chart-swatch')].map((swatch) => swatch.className)).toEqual(['chart-swatch chart-swatch-1', 'chart-swatch chart-swatch-4'])
  })

  it('ends the value axis on a labelled line at or past the longest bar, labels at least a label apart', () => {
    // A shortlist's region chart at 412 px: $125,000 to North America. Left to uPlot, the axis ran to $150K with
    // lines at $0 and $100K only, and ended half a step past its last label.
    for (const [width, values] of [
      [330, [125_000, 50_000, 25_000]],
      [900, [125_000, 50_000, 25_000]],
      [600, [400_000]],
      [330, [100_000, 25_000]],
      [330, [7]],
    ] as const) {
      const options = barPlotOptions({ kind: 'horizontal', valueUnit: 'usd', categories: values.map((_, i) => `Region ${i}`), values: [...values] }, theme, width, 200, measure)
      const top = (options.scales!.y.range as () => [number, number])()[1]
      const splits = (options.axes![1].splits as () => number[])()
      expect(splits.at(-1), `${width} px, ${values[0]}`).toBe(top)
      expect(top).toBeGreaterThanOrEqual(Math.max(...values))
      expect(top - (splits.at(-2) ?? 0)).toBeGreaterThan(top - Math.max(...values))
      const room = width - (options.axes![0].size as number) - (options.padding![1] as number)
      expect(room / (splits.length - 1)).toBeGreaterThanOrEqual(options.axes![1].space as number)
    }
    // One $250,000 bar across a phone's chart: an axis to $250K, not to the $400K a $200K step would need.
    const lone = barPlotOptions({ kind: 'horizontal', valueUnit: 'usd', categories: ['Southern Asia'], values: [250_000] }, theme, 330, 120, measure)
    expect((lone.axes![1].splits as () => number[])()).toEqual([0, 250_000])
    const upright = barPlotOptions({ kind: 'grouped', categories: ['2024', '2025'], series: [{ label: 'Issued', values: [1_200_000, 800_000] }] }, theme, 600, 240, measure)
    const uprightSplits = (upright.axes![1].splits as () => number[])()
    expect(uprightSplits.at(-1)).toBe((upright.scales!.y.range as () => [number, number])()[1])
    expect((upright.axes![1].values as (u: uPlot, splits: number[]) => string[])(plot, uprightSplits).at(-1)).not.toBe('')
  })

  it("labels months across a phone's chart no closer than a label's width and a gap", () => {
    // The Credits chart at 412 px: three years of months, "2024-01" and its neighbours drawn over each other.
    const months = Array.from({ length: 36 }, (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`)
    const options = barPlotOptions({ kind: 'grouped', categories: months, series: [{ label: 'Issued', values: months.map(() => 1) }] }, theme, 330, 200, measure)
    const width = 270
    const splits = (options.axes![0].splits as (u: uPlot) => number[])({ bbox: { width, height: 150 } } as uPlot)
    expect(splits[0]).toBe(0)
    expect(((splits[1] - splits[0]) * width) / months.length).toBeGreaterThanOrEqual(measure('2023-01') + 12)
    // Room right of the plot for half the last month's label, which is centred on its bar: it was cut to "2025-1".
    expect(options.padding![1]).toBeGreaterThanOrEqual(measure('2025-12') / 2)
  })

  it('leaves room right of a horizontal plot for its last value label', () => {
    const options = barPlotOptions({ kind: 'horizontal', valueUnit: 'usd', categories: ['Wind'], values: [400_000] }, theme, 600, 100, measure)
    expect(options.padding![1]).toBeGreaterThanOrEqual(measure('$400K') / 2)
  })

  it('cuts a long category label to 40% of the width with an ellipsis, and keeps a short one whole', () => {
    const width = 400
    const options = barPlotOptions({ kind: 'horizontal', categories: [longType, 'Wind'], values: [5, 3] }, theme, width, 100, measure)
    const axis = options.axes![0]
    const labels = (axis.values as (u: uPlot, splits: number[]) => string[])(plot, [0, 1])
    expect(labels[0]).toMatch(/^Ozone Depleting.*…$/)
    expect(measure(labels[0])).toBeLessThanOrEqual(width * 0.4 - 16)
    expect(labels[1]).toBe('Wind')
    // The axis is as wide as its widest label, so the bars keep the rest of the width.
    expect(axis.size).toBeLessThanOrEqual(width * 0.4)
    expect(fitLabel('Wind', 100, measure)).toBe('Wind')
  })

  it('sets a lone bar on its label, across or up the page, and centres a group of bars on theirs', () => {
    const centre = (placement: { x0: (x: number) => number; size: number }, x: number) => placement.x0(x) + placement.size / 2
    expect(centre(barPlacement({ kind: 'horizontal', categories: ['Wind'], values: [5] }, 0), 0)).toBeCloseTo(0)
    const lone = { kind: 'grouped' as const, categories: ['2025'], series: [{ label: 'Issued', values: [5] }] }
    expect(centre(barPlacement(lone, 0), 0)).toBeCloseTo(0)
    const pair = { kind: 'grouped' as const, categories: ['2024', '2025'], series: [{ label: 'Issued', values: [5, 6] }, { label: 'Retired', values: [1, 2] }] }
    expect(centre(barPlacement(pair, 0), 1) + centre(barPlacement(pair, 1), 1)).toBeCloseTo(2)
    expect(barPlotData(pair)).toEqual([[0, 1], [5, 6], [1, 2]])
  })

  it('names a long label in full in the chart’s table', () => {
    render(<HorizontalBarChart title="Money allocated by project type" categoryLabel="Project type" valueLabel="Cost (USD)" bars={[{ label: longType, value: 10 }]} />)
    expect(screen.getByRole('rowheader', { name: longType })).toBeInTheDocument()
  })
})

/** The picture's keyboard reading, on a stand-in element: jsdom cannot draw the canvas it sits on. */
function FocusHarness({ model }: { model: BarChartModel }) {
  const focus = useBarFocus(model)
  return (
    <>
      <div role="img" aria-label="chart" tabIndex={0} {...focus.handlers} />
      <p data-testid="readout">{focus.text}</p>
    </>
  )
}

describe('a chart read from the keyboard', () => {
  it('names the bar in focus whole, with its values, and moves with the arrow keys', async () => {
    const user = userEvent.setup()
    const long = 'Ozone Depleting Substances Recovery & Destruction'
    render(<FocusHarness model={{ kind: 'horizontal', valueUnit: 'usd', categories: [long, 'Wind'], values: [200000, 1500] }} />)
    const readout = screen.getByTestId('readout')
    expect(readout).toHaveTextContent(/^$/)
    await user.tab()
    expect(readout).toHaveTextContent(`${long}: $200,000`)
    await user.keyboard('{ArrowDown}')
    expect(readout).toHaveTextContent('Wind: $1,500')
    await user.keyboard('{ArrowDown}')
    expect(readout).toHaveTextContent('Wind: $1,500')
    await user.keyboard('{Home}')
    expect(readout).toHaveTextContent(long)
    await user.tab()
    expect(readout).toHaveTextContent(/^$/)
  })

  it('reads every series of a grouped bar, years without separators', () => {
    const model: BarChartModel = { kind: 'grouped', categories: ['2025'], series: [{ label: 'Issued', values: [1200] }, { label: 'Retired', values: [30] }] }
    expect(describeBar(model, 0)).toBe('2025: Issued 1,200, Retired 30')
  })
})
