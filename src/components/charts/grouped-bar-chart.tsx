import type { ReactNode } from 'react'
import { formatNumber } from '../../lib/format'
import { BarChartFigure } from './bar-chart-figure'
import { maxSeries, seriesColour, type BarSeries, type ValueUnit } from './chart-model'
import { ChartTable } from './chart-table'

interface GroupedBarChartProps {
  title: string
  description?: ReactNode
  /** The header of the categories' column in the table ("Year"). */
  categoryLabel: string
  categories: readonly string[]
  /** Up to four series, each drawn as one bar per category, side by side. */
  series: readonly BarSeries[]
  formatValue?: (value: number) => string
  /** `usd` marks the value axis with $ ("$200K"); the table's cells come from `formatValue`. */
  valueUnit?: ValueUnit
  emptyText?: string
  height?: number
  tableOpen?: boolean
}

/** Bars side by side per category (issued and retired credits per year, say), with the numbers as a table. */
export function GroupedBarChart({
  title,
  description,
  categoryLabel,
  categories,
  series,
  formatValue = formatNumber,
  valueUnit,
  emptyText = 'Nothing to chart.',
  height = 240,
  tableOpen,
}: GroupedBarChartProps) {
  const shown = series.slice(0, maxSeries)
  return (
    <BarChartFigure
      title={title}
      description={description}
      model={{ kind: 'grouped', valueUnit, categories, series: shown }}
      legend={shown.map((s, index) => ({ label: s.label, colour: seriesColour(s, index) }))}
      height={height}
      emptyText={emptyText}
      tableOpen={tableOpen}
      table={
        <ChartTable
          title={title}
          categoryLabel={categoryLabel}
          columns={shown.map((s) => s.label)}
          rows={categories.map((category, index) => ({ label: category, cells: shown.map((s) => formatValue(s.values[index] ?? 0)) }))}
          totals={shown.map((s) => formatValue(s.values.reduce((sum, value) => sum + value, 0)))}
        />
      }
    />
  )
}
