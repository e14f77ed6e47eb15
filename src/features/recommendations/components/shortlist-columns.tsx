import { createColumnHelper, metaHelper, tableFeatures } from '@tanstack/react-table'
import { ShortlistProjectLink } from './shortlist-project-link'
import type { ShortlistItem } from '../../../api/contract/recommendations'
import { SyntheticBadge } from '../../../components/synthetic-badge'
import { formatDate, formatNumber, formatPercent, formatUnitPrice, formatUsd } from '../../../lib/format'
import { formatScore } from '../../../lib/format-score'
import { describeRankChange, type RankChange } from '../lib/refine-diff'
import { BreakAfterSlashes } from '../../../components/break-after-slashes'
import { ScoreBars } from './score-bars'
import { CellNote } from '../../../components/cell-note'
import { regionLabel } from '../../../api/value-labels'
import { PriceBasisNote } from '../../../components/price-basis-note'
import { VintagesBought } from './vintages-bought'

export interface ShortlistColumnMeta {
  /** Right-aligned, tabular figures. */
  numeric?: boolean
  /** The cell that names the row, read out with every other cell of it. */
  rowHeader?: boolean
  /** Shown in the line under the project's row rather than in a column of its own. */
  detail?: string
}

export interface ShortlistTableMeta {
  projectHref: (key: string) => string
  /** Projects ticked for comparison, by key. */
  isSelected: (key: string) => boolean
  toggleSelected: (key: string) => void
  /** Against the shortlist before a refined brief, when there is one. */
  changeOf?: (key: string) => RankChange | undefined
}

/** The shortlist keeps the API's ranking: no sorting or filtering, so no feature beyond the core. */
export const shortlistFeatures = tableFeatures({
  columnMeta: metaHelper<ShortlistColumnMeta>(),
  tableMeta: metaHelper<ShortlistTableMeta>(),
})
const column = createColumnHelper<typeof shortlistFeatures, ShortlistItem>()

export const shortlistColumns = column.columns([
  column.display({
    id: 'select',
    header: 'Compare',
    cell: ({ row, table }) => (
      <input
        type="checkbox"
        checked={table.options.meta!.isSelected(row.original.project.key)}
        onChange={() => table.options.meta!.toggleSelected(row.original.project.key)}
        aria-label={`Compare ${row.original.project.key}`}
      />
    ),
  }),
  column.accessor('rank', {
    header: 'Rank',
    meta: { numeric: true },
    cell: ({ row, table }) => {
      const change = table.options.meta?.changeOf?.(row.original.project.key)
      return (
        <>
          {row.original.rank}
          {change && (
            <span className={`change-mark change-${change.kind}`}>
              {(change.kind === 'up' || change.kind === 'down') && <span aria-hidden="true">{change.kind === 'up' ? '▲ ' : '▼ '}</span>}
              {describeRankChange(change)}
              {change.kind !== 'new' && <span className="visually-hidden">, was {change.previousRank}</span>}
            </span>
          )}
        </>
      )
    },
  }),
  column.accessor((item) => item.project.name, {
    id: 'project',
    header: 'Project',
    meta: { rowHeader: true },
    cell: ({ row, table }) => (
      <>
        <ShortlistProjectLink href={table.options.meta!.projectHref(row.original.project.key)} name={row.original.project.name} />
        {row.original.project.synthetic && (
          <>
            {' '}
            <SyntheticBadge />
          </>
        )}
        <span className="project-key">{row.original.project.key}</span>
      </>
    ),
  }),
  column.accessor((item) => item.project.type, { id: 'type', header: 'Type', cell: ({ getValue }) => <BreakAfterSlashes text={getValue()} /> }),
  // One column, the region under the country: as two, the table ran past its box at 1280 px and off a printed page.
  column.accessor((item) => item.project.country, {
    id: 'country',
    header: 'Country, region',
    cell: ({ getValue, row }) => (
      <>
        {getValue()}
        <CellNote>{regionLabel(row.original.project.region)}</CellNote>
      </>
    ),
  }),
  column.accessor((item) => item.project.vintage, {
    id: 'vintage',
    header: 'Vintages bought',
    meta: { numeric: true },
    cell: ({ row }) => <VintagesBought item={row.original} />,
  }),
  column.accessor((item) => item.project.quality_grade, {
    id: 'grade',
    header: 'Quality grade',
    cell: ({ getValue, row }) => {
      const grade = getValue()
      if (!grade) return <span className="muted">Not rated</span>
      return (
        <>
          <span className="grade">{grade}</span>
          {row.original.project.quality_score !== null && (
            <span className="muted"> ({formatScore(row.original.project.quality_score)})</span>
          )}
        </>
      )
    },
  }),
  column.accessor((item) => item.spot_price.value, {
    id: 'price',
    header: 'Spot price (USD/t)',
    meta: { numeric: true },
    cell: ({ row }) => (
      <>
        {formatUnitPrice(row.original.spot_price.value)}
        <PriceBasisNote price={row.original.spot_price} />
        <CellNote>as of {formatDate(row.original.spot_price.as_of)}</CellNote>
      </>
    ),
  }),
  column.accessor((item) => item.allocation.tonnes, {
    id: 'tonnes',
    header: 'Suggested tonnes',
    meta: { numeric: true },
    cell: ({ getValue }) => formatNumber(getValue()),
  }),
  column.accessor((item) => item.allocation.cost_usd, {
    id: 'cost',
    header: 'Cost',
    meta: { numeric: true },
    cell: ({ getValue, row, table }) => (
      <>
        {/* To the cent in every row where any row has cents, so the column's figures line up. */}
        {formatUsd(getValue(), table.getCoreRowModel().rows.some((other) => !Number.isInteger(other.original.allocation.cost_usd)))}
        {row.original.spot_price.basis === 'estimate' && <CellNote>estimated</CellNote>}
      </>
    ),
  }),
  column.accessor('score', {
    header: 'Score',
    meta: { numeric: true },
    cell: ({ getValue }) => <strong>{formatPercent(getValue())}</strong>,
  }),
  column.display({
    id: 'components',
    header: 'Score components',
    meta: { detail: 'Score components' },
    cell: ({ row }) => <ScoreBars components={row.original.components} />,
  }),
  column.display({
    id: 'reasons',
    header: 'Why it is here',
    meta: { detail: 'Why it is here' },
    cell: ({ row }) =>
      row.original.reasons.length > 0 ? (
        <ul className="reasons">
          {row.original.reasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      ) : (
        <span className="muted">No reasons given</span>
      ),
  }),
])
