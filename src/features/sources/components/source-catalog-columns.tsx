import {
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table'
import type { Source } from '../../../api/contract/sources'
import { formatDateTime, formatNumber } from '../../../lib/format'
import { cadenceLabel, formatAge } from '../../../lib/format-age'
import { sourceKindLabels, sourceStateLabel, sourceStateTones } from '../lib/labels'
import { SourceNameCell } from './source-name-cell'
import { StateBadge } from './state-badge'

export interface CatalogColumnMeta {
  numeric?: boolean
}

/** The catalog is a few dozen sources at most: the table sorts them itself. */
export const catalogFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnMeta: metaHelper<CatalogColumnMeta>(),
})

const helper = createColumnHelper<typeof catalogFeatures, Source>()

/** Column ids double as the `sort` values of the page's URL (`catalogSortIds`). */
export const catalogColumns = (ratingMethodHref: string) =>
  helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: 'Source',
      sortFn: 'text',
      cell: ({ row }) => <SourceNameCell source={row.original} ratingMethodHref={ratingMethodHref} />,
    }),
    // Beside the name: whether a source is healthy is what the catalog is read for, and last of seven it was behind
    // the sideways scroll on a phone.
    helper.accessor('state', {
      id: 'state',
      header: 'State',
      sortFn: 'text',
      cell: ({ row, getValue }) => <StateBadge tone={sourceStateTones[getValue()]}>{sourceStateLabel(row.original)}</StateBadge>,
    }),
    helper.accessor('kind', {
      id: 'kind',
      header: 'Kind',
      sortFn: 'text',
      cell: ({ getValue }) => sourceKindLabels[getValue()],
    }),
    helper.accessor('connector', {
      id: 'connector',
      header: 'Connector',
      sortFn: 'text',
      cell: ({ getValue }) => <code>{getValue()}</code>,
    }),
    helper.accessor('cadence_hours', {
      id: 'cadence',
      header: 'Expected cadence',
      sortFn: 'basic',
      // The open rating is worked out here from the facts, not fetched: it keeps no schedule to fall behind.
      cell: ({ row, getValue }) => (row.original.kind === 'rating' ? 'Computed from facts' : cadenceLabel(getValue())),
    }),
    // Sorting by age puts the stalest source first when descending; never-run sources sort last either way. The date is
    // the newest data a run brought (its as-of date), not when the run ran: Recent runs below says that.
    helper.accessor((source) => source.age_hours ?? undefined, {
      id: 'age',
      header: 'Data as of',
      sortFn: 'basic',
      sortUndefined: 'last',
      cell: ({ row }) =>
        row.original.last_success_at ? (
          <>
            <time dateTime={row.original.last_success_at}>{formatDateTime(row.original.last_success_at)}</time>
            <span className="catalog-age muted">{formatAge(row.original.age_hours)}</span>
          </>
        ) : (
          <span className="muted">Never</span>
        ),
    }),
    helper.accessor('projects_covered', {
      id: 'projects',
      header: 'Projects covered',
      sortFn: 'basic',
      meta: { numeric: true },
      cell: ({ getValue }) => formatNumber(getValue()),
    }),
  ])
