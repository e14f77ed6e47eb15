import type { ReactNode } from 'react'
import { formatNumber, formatPercent } from '../../lib/format'
import { BarChartFigure } from './bar-chart-figure'

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
  emptyText = 'Nothing to chart.',
  tableOpen,
}: HorizontalBarChartProps) {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0)
  return (
    <BarChartFigure
      title={title}
      description={description}
      model={{ kind: 'horizontal', categories: bars.map((bar) => bar.label), values: bars.map((bar) => bar.value) }}
      height={bars.length * rowHeight + axisHeight}
      emptyText={emptyText}
      tableOpen={tableOpen}
      table={
        <div className="table-wrap chart-table-wrap" tabIndex={0} role="region" aria-label={`${title}, as a table`}>
          <table className="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                <th scope="col" className="numeric">
                  {valueLabel}
                </th>
                <th scope="col" className="numeric">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td className="numeric">{formatValue(bar.value)}</td>
                  <td className="numeric">{total > 0 ? formatPercent(bar.value / total, 1) : formatPercent(0, 1)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="numeric">{formatValue(total)}</td>
                <td className="numeric">{formatPercent(total > 0 ? 1 : 0, 1)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      }
    />
  )
}
