import { useTable } from '@tanstack/react-table'
import type { ShortlistItem } from '../../../api/contract/recommendations'
import { shortlistColumns, shortlistFeatures, type ShortlistTableMeta } from './shortlist-columns'
import { ScrollingTable } from '../../../components/scrolling-table'

/**
 * One row of figures per project, and under it a line with its score components and the reasons it
 * ranks where it does; each pair is its own tbody so the two stay together.
 */
export function ShortlistTable({ items, selection }: { items: ShortlistItem[]; selection: ShortlistTableMeta }) {
  // A shortlist of one project has nothing to compare it with: no Compare column, as there is no Compare button (a $10
  // shortlist showed a ticked box that did nothing).
  const columns = items.length >= 2 ? shortlistColumns : shortlistColumns.filter((column) => column.id !== 'select')
  const table = useTable({ features: shortlistFeatures, columns, data: items, meta: selection })
  const inRow = table.getAllLeafColumns().filter((column) => !column.columnDef.meta?.detail)
  return (
    <ScrollingTable className="shortlist-table" label="Ranked projects, scrollable">
      <table className="cards-on-phone">
        <caption className="visually-hidden">Ranked projects, best fit first</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers
                .filter((header) => !header.column.columnDef.meta?.detail)
                .map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={[`col-${header.column.id}`, header.column.columnDef.meta?.numeric ? 'numeric' : ''].filter(Boolean).join(' ')}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
            </tr>
          ))}
        </thead>
        {table.getRowModel().rows.map((row) => {
          const cells = row.getAllCells()
          return (
            <tbody key={row.id} className="shortlist-item">
              <tr>
                {cells
                  .filter((cell) => !cell.column.columnDef.meta?.detail)
                  .map((cell) => {
                    const meta = cell.column.columnDef.meta
                    const Cell = meta?.rowHeader ? 'th' : 'td'
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta?.rowHeader ? 'row' : undefined}
                        className={[`col-${cell.column.id}`, meta?.numeric ? 'numeric' : ''].filter(Boolean).join(' ')}
                        // A phone shows each row as a card, every figure under its column's name (CSS).
                        data-label={String(cell.column.columnDef.header)}
                      >
                        <table.FlexRender cell={cell} />
                      </Cell>
                    )
                  })}
              </tr>
              <tr className="shortlist-detail">
                <td colSpan={inRow.length}>
                  <div className="detail-grid">
                    {cells
                      .filter((cell) => cell.column.columnDef.meta?.detail)
                      .map((cell) => (
                        <div key={cell.id} className={`detail-${cell.column.id}`}>
                          <p className="detail-label">{cell.column.columnDef.meta?.detail}</p>
                          <table.FlexRender cell={cell} />
                        </div>
                      ))}
                  </div>
                </td>
              </tr>
            </tbody>
          )
        })}
      </table>
    </ScrollingTable>
  )
}
