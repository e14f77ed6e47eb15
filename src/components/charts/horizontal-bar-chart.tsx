import type { ReactNode } from 'react'
import { formatNumber, formatPercent } from '../../lib/format'
import { BarChartFigure } from './bar-chart-figure'
import type { ValueUnit } from './chart-model'
import { ChartTable } from './chart-table'

export interface HorizontalBar {
  label: string
  value: number
}

interface HorizontalBarChartProps {
  title: string
  description?: ReactNode
  /** The header of the labels' column in the table ("Project type"). */
  categoryLabel: string
  /** The header of the values' column ("Tonnes", "Spend"). */
  valueLabel: string
  /** One bar each, drawn top to bottom in this order. */
  bars: readonly HorizontalBar[]
  formatValue?: (value: number) => string
  /** `usd` marks the value axis with $ ("$200K"); the table's cells come from `formatValue`. */
  valueUnit?: ValueUnit
  emptyText?: string
  tableOpen?: boolean
}

/** Pixels per bar, and the room the value axis takes below them. */
const rowHeight = 28
const axisHeight = 40

/** One bar per category, across the page, with each value and its share of the total in the table. */
export function HorizontalBarChart({
  title,
  description,
  categoryLabel,
  valueLabel,
  bars,
  formatValue = formatNumber,
  valueUnit,
  emptyText = 'Nothing to chart.',
  tableOpen,
}: HorizontalBarChartProps) {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0)
  return (
    <BarChartFigure
      title={title}
      description={description}
      model={{ kind: 'horizontal', valueUnit, categories: bars.map((bar) => bar.label), values: bars.map((bar) => bar.value) }}
      height={bars.length * rowHeight + axisHeight}
      emptyText={emptyText}
      tableOpen={tableOpen}
      table={
        <ChartTable
          title={title}
          categoryLabel={categoryLabel}
          columns={[valueLabel, 'Share']}
          rows={bars.map((bar) => ({
            label: bar.label,
            cells: [formatValue(bar.value), formatPercent(total > 0 ? bar.value / total : 0, 1)],
          }))}
          totals={[formatValue(total), formatPercent(total > 0 ? 1 : 0, 1)]}
        />
      }
    />
  )
}
