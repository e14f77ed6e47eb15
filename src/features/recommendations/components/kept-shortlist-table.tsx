import { useTable } from '@tanstack/react-table'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { keptShortlistColumns, keptShortlistFeatures, type KeptShortlistTableMeta } from './kept-shortlist-columns'
import { ScrollingTable } from '../../../components/scrolling-table'

/** The caller's shortlists, one row each, newest first, each linking to its page and to its brief, to refine. */
export function KeptShortlistTable({
  shortlists,
  links,
  onDeleted,
}: {
  shortlists: ShortlistSummary[]
  links: Omit<KeptShortlistTableMeta, 'onDeleted'>
  onDeleted: (label: string) => void
}) {
  const table = useTable({
    features: keptShortlistFeatures,
    columns: keptShortlistColumns,
    data: shortlists,
    meta: { ...links, onDeleted },
    getRowId: (shortlist) => shortlist.id,
  })
  return (
    <ScrollingTable className="kept-shortlists" label="Your shortlists, scrollable">
      <table className="cards-on-phone">
        <caption className="visually-hidden">Your shortlists, newest first</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.columnDef.meta?.numeric ? 'numeric' : undefined}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta
                const Cell = meta?.rowHeader ? 'th' : 'td'
                return (
                  <Cell
                    key={cell.id}
                    scope={meta?.rowHeader ? 'row' : undefined}
                    className={meta?.numeric ? 'numeric' : meta?.wide ? 'card-wide' : undefined}
                    data-label={String(cell.column.columnDef.header)}
                  >
                    <table.FlexRender cell={cell} />
                  </Cell>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  )
}
