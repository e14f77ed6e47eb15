import { ScrollingTable } from '../scrolling-table'

export interface ChartTableRow {
  label: string
  /** Already formatted, one per value column. */
  cells: readonly string[]
}

interface ChartTableProps {
  title: string
  /** The header of the categories' column ("Year", "Type"). */
  categoryLabel: string
  /** The headers of the value columns. */
  columns: readonly string[]
  rows: readonly ChartTableRow[]
  /** The totals row's cells, one per value column. */
  totals: readonly string[]
}

/**
 * A label that may break after its slashes: "Afforestation/Reforestation" is one word to the browser, and held the
 * type column of a shortlist's mix so wide at 1280 px that its Share column scrolled out of a third of the page.
 */
function breakingAfterSlashes(label: string) {
  const parts = label.split('/')
  return parts.map((part, i) => (i < parts.length - 1 ? [part, '/', <wbr key={i} />] : part))
}

/** A chart's numbers as a table: scrollable, named after the chart, a row per category and a totals row. */
export function ChartTable({ title, categoryLabel, columns, rows, totals }: ChartTableProps) {
  return (
    <ScrollingTable className="chart-table-wrap" label={`${title}, as a table`}>
      <table className="chart-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {columns.map((column) => (
              <th key={column} scope="col" className="numeric">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{breakingAfterSlashes(row.label)}</th>
              {row.cells.map((cell, index) => (
                <td key={index} className="numeric">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {totals.map((cell, index) => (
              <td key={index} className="numeric">
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollingTable>
  )
}
