import uPlot from 'uplot'
import type { BarChartModel } from './chart-model'

/** Colours and type of the page, read from its CSS custom properties, so the canvas follows the theme. */
export interface ChartTheme {
  series: string[]
  axis: string
  grid: string
  font: string
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const formatTick = (value: number) => compact.format(value)

/** Share of each category's slot the group of bars takes; the rest is the gap between groups. */
const groupWidth = 0.8

/**
 * uPlot draws on a continuous x scale; categories sit at 0, 1, 2 … and the axis names them. Each series of a
 * grouped chart is shifted within its category's slot, left to right, through uPlot's bar displacement option.
 */
export function barPlotOptions(model: BarChartModel, theme: ChartTheme, width: number, height: number): uPlot.Options {
  const horizontal = model.kind === 'horizontal'
  const count = model.categories.length
  const seriesCount = model.kind === 'grouped' ? model.series.length : 1
  const barWidth = groupWidth / seriesCount
  const font = `12px ${theme.font}`
  const categoryAxis: uPlot.Axis = {
    scale: 'x',
    side: horizontal ? 3 : 2,
    stroke: theme.axis,
    font,
    grid: { show: false },
    ticks: { show: false },
    splits: (u) => thinnedSplits(u, count, horizontal),
    values: (_u, splits) => splits.map((index) => model.categories[index] ?? ''),
    size: horizontal ? categoryAxisWidth(model.categories, font) : 32,
    gap: 6,
  }
  const valueAxis: uPlot.Axis = {
    scale: 'y',
    side: horizontal ? 2 : 3,
    stroke: theme.axis,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { show: false },
    values: (_u, splits) => splits.map(formatTick),
    // The least room between ticks: across the page a label like 1.5M needs more than up it.
    space: horizontal ? 72 : 32,
    size: horizontal ? 32 : 56,
    gap: 6,
  }
  const series: uPlot.Series[] = [{}]
  for (let index = 0; index < seriesCount; index++) {
    const color = theme.series[index % theme.series.length]
    series.push({
      label: model.kind === 'grouped' ? model.series[index].label : undefined,
      fill: color,
      stroke: color,
      width: 0,
      points: { show: false },
      paths: uPlot.paths.bars!(
        model.kind === 'grouped'
          ? {
              disp: {
                x0: { unit: 1, values: (u) => (u.data[0] as number[]).map((x) => x - groupWidth / 2 + index * barWidth) },
                size: { unit: 1, values: () => [barWidth * 0.92] },
              },
            }
          : { size: [0.7, 36] },
      ),
    })
  }
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    padding: [8, 12, 0, 0],
    scales: {
      // Horizontal bars run top to bottom in the categories' order.
      x: { time: false, ori: horizontal ? 1 : 0, dir: horizontal ? -1 : 1, range: () => [-0.5, count - 0.5] },
      y: { ori: horizontal ? 0 : 1, dir: 1, range: (_u, _min, max) => [0, niceMax(max)] },
    },
    axes: [categoryAxis, valueAxis],
    series,
  }
}

/** Every category while the labels fit, else every second, third … so labels never overlap. */
function thinnedSplits(u: uPlot, count: number, horizontal: boolean): number[] {
  const room = (horizontal ? u.bbox.height : u.bbox.width) / uPlot.pxRatio
  const perLabel = horizontal ? 18 : 40
  const step = Math.max(1, Math.ceil((count * perLabel) / Math.max(room, 1)))
  return Array.from({ length: count }, (_, index) => index).filter((index) => index % step === 0)
}

function categoryAxisWidth(categories: readonly string[], font: string): number {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) return 120
  context.font = font
  const widest = Math.max(0, ...categories.map((label) => context.measureText(label).width))
  return Math.min(240, Math.ceil(widest) + 16)
}

/** A top for the value axis a little above the tallest bar, so it never touches the frame; 1 when all are 0. */
function niceMax(max: number | null): number {
  if (max === null || !Number.isFinite(max) || max <= 0) return 1
  const step = 10 ** Math.floor(Math.log10(max)) / 2
  return Math.ceil((max * 1.05) / step) * step
}

/** uPlot's data: the category positions, then one array of values per series. */
export function barPlotData(model: BarChartModel): uPlot.AlignedData {
  const positions = model.categories.map((_, index) => index)
  return model.kind === 'grouped' ? [positions, ...model.series.map((s) => [...s.values])] : [positions, [...model.values]]
}
