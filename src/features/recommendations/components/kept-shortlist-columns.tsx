import { createColumnHelper, metaHelper, tableFeatures } from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { formatDateTime, formatNumber, formatUsd } from '../../../lib/format'
import { briefWords } from '../lib/brief-words'
import { KeptShortlistName } from './kept-shortlist-name'

export interface KeptShortlistColumnMeta {
  numeric?: boolean
  /** The cell that names the row. */
  rowHeader?: boolean
  /** On a phone's card, a cell as wide as the card: words too long for half of it were broken mid-word. */
  wide?: boolean
}

export interface KeptShortlistTableMeta {
  shortlistHref: (id: string) => string
  /** The brief form filled with this shortlist's brief, the new shortlist to be compared with it. */
  refineHref: (shortlist: ShortlistSummary) => string
  /** Where the focus goes once a row's shortlist is deleted and its row, with the focus in it, is gone. */
  /** Once a shortlist is deleted, with the words it was named by. */
  onDeleted: (label: string) => void
}

/** The list keeps the API's order, newest first, and its pages: no feature beyond the core. */
export const keptShortlistFeatures = tableFeatures({
  columnMeta: metaHelper<KeptShortlistColumnMeta>(),
  tableMeta: metaHelper<KeptShortlistTableMeta>(),
})
const column = createColumnHelper<typeof keptShortlistFeatures, ShortlistSummary>()

export const keptShortlistColumns = column.columns([
  column.accessor('name', {
    id: 'name',
    header: 'Shortlist',
    meta: { rowHeader: true },
    cell: ({ row, table }) => (
      <KeptShortlistName shortlist={row.original} href={table.options.meta!.shortlistHref(row.original.id)} onDeleted={table.options.meta!.onDeleted} />
    ),
  }),
  // On one line: at 1280 px the column was squeezed to a word a line ("Dec 1, / 2026, / 20:40 / UTC") beside room to spare.
  column.accessor('created_at', { id: 'made', header: 'Made', cell: ({ getValue }) => <span className="kept-shortlist-made">{formatDateTime(getValue())}</span> }),
  column.accessor((shortlist) => briefWords(shortlist.brief), {
    id: 'brief',
    header: 'Brief',
    // At 412 px, half a card broke "Afforestation/Reforesta|tion".
    meta: { wide: true },
    cell: ({ getValue, row, table }) => (
      <span className="kept-shortlist-brief">
        {getValue()}
        <Link to={table.options.meta!.refineHref(row.original)}>
          Refine <span className="visually-hidden">the brief of {row.original.name ?? row.original.id}</span>
        </Link>
      </span>
    ),
  }),
  column.accessor((shortlist) => shortlist.brief.budget_usd, { id: 'budget', header: 'Budget', meta: { numeric: true }, cell: ({ getValue }) => formatUsd(getValue()) }),
  column.accessor((shortlist) => shortlist.totals.allocated_usd, {
    id: 'allocated',
    header: 'Allocated',
    meta: { numeric: true },
    cell: ({ getValue }) => formatUsd(getValue()),
  }),
  column.accessor('projects', { id: 'projects', header: 'Projects', meta: { numeric: true }, cell: ({ getValue }) => formatNumber(getValue()) }),
])
