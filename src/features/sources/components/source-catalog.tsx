import { useTable, type SortingState, type Updater } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { Source } from '../../../api/contract/sources'
import { catalogColumns, catalogFeatures } from './source-catalog-columns'
import { ScrollingTable } from '../../../components/scrolling-table'

interface SourceCatalogProps {
  sources: Source[]
  sorting: SortingState
  onSortingChange: (updater: Updater<SortingState>) => void
  ratingMethodHref: string
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const

/** Every source the app reads from, how often it should refresh, and whether it does. */
export function SourceCatalog({ sources, sorting, onSortingChange, ratingMethodHref }: SourceCatalogProps) {
  const columns = useMemo(() => catalogColumns(ratingMethodHref), [ratingMethodHref])
  const table = useTable({
    features: catalogFeatures,
    columns,
    data: sources,
    state: { sorting },
    onSortingChange,
    enableSortingRemoval: false,
    getRowId: (source) => source.id,
  })

  return (
    <ScrollingTable label="Source catalog, scrollable">
      {/* On a phone each source is a card and the headings a bar of its sorts (sources.css). */}
      <table className="catalog-table cards-on-phone">
        <caption className="visually-hidden">Source catalog, {sources.length} sources. Column headers sort.</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const numeric = header.column.columnDef.meta?.numeric
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric ? 'numeric' : undefined}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                  >
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                      <table.FlexRender header={header} />
                      <span className="sort-indicator" aria-hidden="true">
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cell.column.id === 'name' ? 'card-wide' : cell.column.columnDef.meta?.numeric ? 'numeric' : undefined}
                  data-label={cell.column.id === 'name' ? undefined : String(cell.column.columnDef.header)}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
          {sources.length === 0 && (
            <tr>
              <td colSpan={columns.length}>No sources are configured.</td>
            </tr>
          )}
        </tbody>
      </table>
    </ScrollingTable>
  )
}
