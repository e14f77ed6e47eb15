import uPlot from 'uplot'
import { seriesColour, type BarChartModel, type ValueUnit } from './chart-model'

/** Colours and type of the page, read from its CSS custom properties, so the canvas follows the theme. */
export interface ChartTheme {
  series: string[]
  axis: string
  grid: string
  font: string
}

const compact = {
  count: new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
  usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }),
}
/** A value axis tick: `1.5M` credits, `$200K`. */
export const formatTick = (value: number, unit: ValueUnit = 'count') => compact[unit].format(value)

/** Measures a label's width in pixels in the axis font; a canvas in the browser, a stand-in in tests. */
export type MeasureText = (text: string) => number

/** The longest start of `label` that fits `room` pixels with an ellipsis, or the label itself when it fits. */
export function fitLabel(label: string, room: number, measure: MeasureText): string {
  if (measure(label) <= room) return label
  let low = 0
  let high = label.length
  // The longest prefix whose text and ellipsis fit, by bisection: labels run to a hundred characters or so.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (measure(`${label.slice(0, middle).trimEnd()}…`) <= room) low = middle
    else high = middle - 1
  }
  return `${label.slice(0, low).trimEnd()}…`
}

/** The category labels of a horizontal chart take at most this share of its width; the bars keep the rest. */
const labelShare = 0.4

/** Share of each category's slot the group of bars takes; the rest is the gap between groups. */
const groupWidth = 0.8

/**
 * uPlot draws on a continuous x scale; categories sit at 0, 1, 2 … and the axis names them. Each series of a
 * grouped chart is shifted within its category's slot, left to right, through uPlot's bar displacement option.
 */
export function barPlotOptions(
  model: BarChartModel,
  theme: ChartTheme,
  width: number,
  height: number,
  measure: MeasureText = canvasMeasure(`12px ${theme.font}`),
): uPlot.Options {
  const horizontal = model.kind === 'horizontal'
  const count = model.categories.length
  const seriesCount = model.kind === 'grouped' ? model.series.length : 1
  const font = `12px ${theme.font}`
  // A long label ("Ozone Depleting Substances Recovery & Destruction") is cut to its share of the width; the
  // full text is in the chart's table and, on hover, in the picture's title.
  const labelRoom = Math.floor(width * labelShare) - 16
  const labels = horizontal ? model.categories.map((label) => fitLabel(label, labelRoom, measure)) : model.categories
  const widestLabel = Math.ceil(Math.max(0, ...labels.map(measure)))
  // Across the page the last value label is centred on the plot's right edge: room for half of "$400K". Up the page
  // the last category's label is centred on its bar: room for half of it ("2026-04" was cut to "2026-0" at 412 px).
  const padding: [number, number, number, number] = [8, horizontal ? 28 : Math.max(12, Math.ceil(widestLabel / 2)), 0, 0]
  const categorySize = horizontal ? widestLabel + 16 : 32
  const categoryAxis: uPlot.Axis = {
    scale: 'x',
    side: horizontal ? 3 : 2,
    stroke: theme.axis,
    font,
    grid: { show: false },
    ticks: { show: false },
    splits: (u) => thinnedSplits(u, count, horizontal, widestLabel),
    values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
    size: categorySize,
    gap: 6,
  }
  // The least room between ticks: across the page a label like 1.5M needs more than up it.
  const space = horizontal ? 72 : 32
  // The plot's length along the value axis: the picture less the category axis and the padding beside the plot.
  const valueRoom = horizontal ? width - categorySize - padding[1] - padding[3] : height - categorySize - padding[0] - padding[2]
  const ticks = valueTicks(largestValue(model), valueRoom, space)
  const valueAxis: uPlot.Axis = {
    scale: 'y',
    side: horizontal ? 2 : 3,
    stroke: theme.axis,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { show: false },
    splits: () => ticks.splits,
    values: (_u, splits) => splits.map((value) => formatTick(value, model.valueUnit)),
    space,
    size: horizontal ? 32 : 56,
    gap: 6,
  }
  const series: uPlot.Series[] = [{}]
  for (let index = 0; index < seriesCount; index++) {
    const color = theme.series[seriesColour(model.kind === 'grouped' ? model.series[index] : undefined, index) - 1]
    const placement = barPlacement(model, index)
    series.push({
      label: model.kind === 'grouped' ? model.series[index].label : undefined,
      fill: color,
      stroke: color,
      width: 0,
      points: { show: false },
      // Bars are placed in the category scale's own units, so one bar alone sits on its label as several do.
      paths: uPlot.paths.bars!({
        disp: {
          x0: { unit: 1, values: (u) => (u.data[0] as number[]).map(placement.x0) },
          size: { unit: 1, values: (u) => (u.data[0] as number[]).map(() => placement.size) },
        },
      }),
    })
  }
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    padding,
    scales: {
      // Horizontal bars run top to bottom in the categories' order.
      x: { time: false, ori: horizontal ? 1 : 0, dir: horizontal ? -1 : 1, range: () => [-0.5, count - 0.5] },
      y: { ori: horizontal ? 0 : 1, dir: 1, range: () => [0, ticks.top] },
    },
    axes: [categoryAxis, valueAxis],
    series,
  }
}

/**
 * Where a series' bars sit in each category's slot, in the category scale's units: the group is centred on the
 * category, so one bar alone sits on its label as several side by side do.
 */
export function barPlacement(model: BarChartModel, seriesIndex: number) {
  const seriesCount = model.kind === 'grouped' ? model.series.length : 1
  const barWidth = groupWidth / seriesCount
  // Side by side bars keep a hair between them; a lone bar per row leaves air above and below.
  const fill = model.kind === 'horizontal' ? 0.75 : 0.92
  const size = barWidth * fill
  return { x0: (x: number) => x - groupWidth / 2 + seriesIndex * barWidth + (barWidth - size) / 2, size }
}

/** Every category while the labels fit, else every second, third … so labels never overlap. */
function thinnedSplits(u: uPlot, count: number, horizontal: boolean, widestLabel: number): number[] {
  const room = (horizontal ? u.bbox.height : u.bbox.width) / uPlot.pxRatio
  // Across the page a label needs its own width and a gap: "2026-04" is about 45 px, and 40 a label overlapped its
  // neighbours on the Credits chart at 412 px.
  const perLabel = horizontal ? 18 : Math.max(40, widestLabel + 12)
  const step = Math.max(1, Math.ceil((count * perLabel) / Math.max(room, 1)))
  return Array.from({ length: count }, (_, index) => index).filter((index) => index % step === 0)
}

function canvasMeasure(font: string): MeasureText {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) return (text) => text.length * 7
  context.font = font
  return (text) => context.measureText(text).width
}

/** The tallest bar of the chart, 0 when it has none. */
function largestValue(model: BarChartModel): number {
  const values = model.kind === 'grouped' ? model.series.flatMap((s) => s.values) : model.values
  return Math.max(0, ...values.filter((value) => Number.isFinite(value)))
}

/** A tick step's leading digits, as uPlot's own steps: 1, 2, 2.5 and 5 times a power of ten. */
const stepDigits = [1, 2, 2.5, 5]

/**
 * The value axis's top and its labelled lines. The top is a whole number of steps at or past the tallest bar, so the
 * axis ends on a labelled line and the reader can tell how far the longest bar reaches. Of the steps that keep `space`
 * pixels between labels over `room` pixels, the one whose top is lowest wins (the bars take most of the width), and of
 * those the smallest (the most lines). Left to uPlot, a top of $150K with labels every $100K ended the region chart's
 * axis unlabelled, half a step past its last label; the first step that fit, $200K, drew one $250K bar on an axis to
 * $400K.
 */
export function valueTicks(max: number, room: number, space: number): { top: number; splits: number[] } {
  const target = max > 0 ? max : 1
  const magnitude = Math.floor(Math.log10(target))
  let best = { top: Number.POSITIVE_INFINITY, step: 0 }
  // Up to a step of ten times the target's magnitude, which one line at the top always fits.
  for (let power = magnitude - 1; power <= magnitude + 1; power++) {
    for (const digits of stepDigits) {
      const step = digits * 10 ** power
      // Steps below 1 only when every value is below 1: credits and dollars are counted whole.
      if (step < 1 && target >= 1) continue
      const count = Math.ceil(target / step - 1e-9)
      if (room / count < space && count > 1) continue
      const top = count * step
      if (top < best.top || (top === best.top && step < best.step)) best = { top, step }
    }
  }
  const count = Math.round(best.top / best.step)
  return { top: best.top, splits: Array.from({ length: count + 1 }, (_, i) => i * best.step) }
}

/** uPlot's data: the category positions, then one array of values per series. */
export function barPlotData(model: BarChartModel): uPlot.AlignedData {
  const positions = model.categories.map((_, index) => index)
  return model.kind === 'grouped' ? [positions, ...model.series.map((s) => [...s.values])] : [positions, [...model.values]]
}
