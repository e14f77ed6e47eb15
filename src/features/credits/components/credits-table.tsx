import { useMemo, type Ref } from 'react'
import { useTable } from '@tanstack/react-table'
import type { CreditRecord } from '../../../api/contract/credits'
import type { CreditsLinks } from '../lib/links'
import { creditColumns, creditFeatures, type CreditColumnMeta } from './credit-columns'
import { ScrollingTable } from '../../../components/scrolling-table'

/** A cell's classes: a number's alignment, and the width of a phone's card for a cell that opens to more. */
const cellClass = (meta: CreditColumnMeta | undefined) => [meta?.numeric ? 'numeric' : '', meta?.wide ? 'card-wide' : ''].filter(Boolean).join(' ') || undefined

/** One page of records, as the API ordered them; `captionRef`, where the page's Next and Previous take the focus. */
export function CreditsTable({ records, links, caption, captionRef }: { records: CreditRecord[]; links: CreditsLinks; caption: string; captionRef?: Ref<HTMLTableCaptionElement> }) {
  const columns = useMemo(() => creditColumns(links), [links])
  const table = useTable({ features: creditFeatures, columns, data: records, getRowId: (record) => record.id })
  return (
    <ScrollingTable label="Credit records, scrollable">
      <table className="credits-table cards-on-phone">
        <caption ref={captionRef} tabIndex={-1}>
          {caption}
        </caption>
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
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={cellClass(cell.column.columnDef.meta)} data-label={String(cell.column.columnDef.header)}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  )
}

/**
 * How a record's row is counted, said under its table: as its run names skipped rows, among the file's data. An
 * analyst opening "issuances.csv, row 77" in a spreadsheet, where the header is row 1, found another record there.
 */
export function RecordRowsNote() {
  return (
    <p className="muted credits-rows-note">
      A record&apos;s row is counted among its file&apos;s data: row 1 is the first row under the header, so a spreadsheet
      that numbers the header 1 shows it one row further down.
    </p>
  )
}
