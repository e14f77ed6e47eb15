import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import type { ProjectSummary } from '../../../api/contract/projects'
import { SyntheticBadge } from '../../../components/synthetic-badge'
import type { BrowserReturnState } from '../lib/browser-return'
import { formatNumber, missingValue } from '../../../lib/format'
import { FreshnessBadge } from '../../../components/freshness-badge'
import { QualityGrade } from '../../../components/quality-grade'
import { SpotPriceCell } from '../../../components/spot-price-cell'

export interface ProjectColumnMeta {
  /** Column width in rem; the table lays out at fixed widths so virtualized rows never shift the columns. */
  width: number
  numeric?: boolean
}

export interface ProjectTableMeta {
  projectHref: (key: string) => string
  returnState: BrowserReturnState
  /** Rows ticked for comparison, by key, kept across pages. */
  isSelected: (key: string) => boolean
  toggleSelected: (key: string) => void
}

/** Sorting, paging and filtering are the server's; the table holds their state and the column layout. */
export const projectTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<ProjectColumnMeta>(),
  tableMeta: metaHelper<ProjectTableMeta>(),
})

/** Text cut to its column's width, whole in its title. */
function TruncatedText({ text }: { text: string }) {
  return (
    <span className="cell-truncate" title={text}>
      {text}
    </span>
  )
}

const helper = createColumnHelper<typeof projectTableFeatures, ProjectSummary>()

/**
 * Column ids of sortable columns are the API's sort keys, so the sort maps to the URL one to one. The columns a
 * buyer weighs first come first and fit a laptop's width; the rest start hidden (see use-column-visibility.ts).
 */
export const projectColumns = helper.columns([
  helper.display({
    id: 'select',
    header: 'Compare',
    enableHiding: false,
    enableSorting: false,
    meta: { width: 5 },
    cell: ({ row, table }) => (
      // A card has no column heading above it: its word names the box there (project-browser.css), as the heading does
      // in the table.
      <label className="compare-box">
        {/* Out of the tab order like the key's link: Space on the focused row ticks it. */}
        <input
          type="checkbox"
          tabIndex={-1}
          checked={table.options.meta!.isSelected(row.original.key)}
          onChange={() => table.options.meta!.toggleSelected(row.original.key)}
          aria-label={`Compare ${row.original.key}`}
        />
        <span className="compare-word">Compare</span>
      </label>
    ),
  }),
  helper.accessor('key', {
    header: 'Key',
    enableHiding: false,
    meta: { width: 5.5 },
    cell: ({ row, table }) => (
      // Rows are reached with the arrow keys; the link stays out of the tab order so Tab leaves the table.
      <Link to={table.options.meta!.projectHref(row.original.key)} state={table.options.meta!.returnState} tabIndex={-1}>
        {row.original.key}
      </Link>
    ),
  }),
  helper.accessor('name', {
    header: 'Name',
    enableHiding: false,
    // Room for the Synthetic badge beside a generated project's name; 1.25 rem of it given to the country.
    meta: { width: 8.75 },
    cell: ({ row, getValue }) => (
      <span className="cell-name">
        <TruncatedText text={getValue()} />
        {row.original.synthetic && <SyntheticBadge />}
      </span>
    ),
  }),
  helper.accessor('type', {
    header: 'Type',
    // Two lines of it (project-browser.css): the rem it gives up is the price's, whose estimate needs it.
    meta: { width: 7 },
    cell: ({ getValue }) => <TruncatedText text={getValue()} />,
  }),
  helper.accessor('country', {
    header: 'Country',
    // A country's name is one word as often as not, and a word does not wrap: at 6 rem "Guatemala", "Madagascar" and
    // "Bangladesh" were cut a letter short at 1280 px, with no ellipsis (a clamp adds one only at a line's end).
    meta: { width: 7.25 },
    cell: ({ getValue }) => <TruncatedText text={getValue()} />,
  }),
  helper.accessor((project) => project.quality.score, {
    id: 'quality_score',
    header: 'Quality',
    meta: { width: 6 },
    cell: ({ row }) => <QualityGrade grade={row.original.quality.grade} score={row.original.quality.score} />,
  }),
  helper.display({
    id: 'spot_price',
    header: 'Spot price (USD/t)',
    enableSorting: false,
    // Room for an estimate's range under its price ("estimate, $5.70–$11.70", 150 px) on one line, within the
    // cell's padding: at 9rem it ran 19 px into it, beside the next column's figures.
    meta: { width: 10, numeric: true },
    cell: ({ row }) => <SpotPriceCell projectKey={row.original.key} />,
  }),
  helper.accessor((project) => project.credits.remaining, {
    id: 'credits_remaining',
    header: 'Credits remaining',
    // Room for eight digits and their commas beside the price's range.
    meta: { width: 7.5, numeric: true },
    cell: ({ getValue }) => formatNumber(getValue()),
  }),
  helper.accessor('registry', { header: 'Registry', meta: { width: 6.5 } }),
  helper.accessor('region', {
    header: 'Region',
    meta: { width: 9.5 },
    cell: ({ getValue }) => <TruncatedText text={getValue()} />,
  }),
  helper.accessor('vintage', {
    header: 'First vintage',
    meta: { width: 6, numeric: true },
    cell: ({ getValue }) => getValue() ?? missingValue,
  }),
  helper.accessor((project) => project.freshness.updated_at, {
    id: 'updated_at',
    header: 'Freshness',
    meta: { width: 9 },
    cell: ({ row }) => <FreshnessBadge state={row.original.freshness.state} updatedAt={row.original.freshness.updated_at} />,
  }),
])
