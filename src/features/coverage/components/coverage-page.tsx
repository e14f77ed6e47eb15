import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { appliesTo } from '../../../api/contract/coverage'
import type { SourceRun } from '../../../api/contract/sources'
import { sourceQueries } from '../../../api/queries/sources'
import { ApiError } from '../../../api/client'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { formatDateTime, formatNumber } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useCoverageMatrix } from '../api/use-coverage-matrix'
import { readCoverageSearch, writeCoverageSearch, type CoverageSearch } from '../lib/coverage-search'
import { defaultRowHeight, type CellPosition } from '../lib/heatmap-layout'
import { staleKeys, staleSelection } from '../lib/heatmap-model'
import type { CoverageLinks } from '../lib/links'
import { sourceRefresh, staleSelectionLimit } from '../lib/source-refresh'
import { CoverageFilters } from './coverage-filters'
import { Heatmap } from './heatmap'
import { HeatmapLegend } from './heatmap-legend'
import { SelectionBar, type CoverageRunStarter } from './selection-bar'
import { SourceSummaryTable } from './source-summary-table'
import './coverage.css'

interface CoveragePageProps {
  links: CoverageLinks
  starter: CoverageRunStarter
}

interface Selection {
  sourceId: string
  keys: ReadonlySet<string>
  /** Stale cells the source had on the map when more were stale than one run covers: the stalest were selected. */
  staleOf?: number
}

/** Which source last updated which project, and when: the freshness of all the data at a glance. */
export function CoveragePage({ links, starter }: CoveragePageProps) {
  useDocumentTitle('Coverage')
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const search = readCoverageSearch(params)
  const { matrix, model } = useCoverageMatrix(search)
  const sourceError = matrix.error instanceof ApiError ? matrix.error.fieldErrors.find((e) => e.path.startsWith('source'))?.message : undefined
  const [selection, setSelection] = useState<Selection | null>(null)
  // The catalog says which sources can run here (`sourceRefresh`).
  const catalog = useQuery(sourceQueries.list())
  const selectedSource = catalog.data?.data.find((source) => source.id === selection?.sourceId)
  const refresh = sourceRefresh(selectedSource)

  const staleCounts = useMemo(() => model?.sources.map((_, column) => staleKeys(model, column).length) ?? [], [model])
  const rowHeight = search.rows ?? defaultRowHeight(model?.rows.length ?? 0)
  const selectedColumn = selection && model ? model.sources.findIndex((source) => source.id === selection.sourceId) : -1
  const heatmapSelection = useMemo(
    () => (selection && selectedColumn >= 0 ? { column: selectedColumn, keys: selection.keys } : null),
    [selection, selectedColumn],
  )

  const update = (changes: Partial<CoverageSearch>) =>
    setParams(writeCoverageSearch({ ...search, ...changes }), { replace: true })

  const toggleCell = ({ row, column }: CellPosition) => {
    if (!model) return
    const source = model.sources[column]
    const project = model.rows[row]
    if (!appliesTo(source, project)) return
    setSelection((current) => {
      if (!current || current.sourceId !== source.id) return { sourceId: source.id, keys: new Set([project.key]) }
      const keys = new Set(current.keys)
      if (keys.has(project.key)) keys.delete(project.key)
      else keys.add(project.key)
      return keys.size ? { sourceId: source.id, keys } : null
    })
  }

  const selectStale = (column: number) => {
    if (!model) return
    // Where one run covers at most so many projects, the stalest are selected and the bar says how many were stale.
    const source = catalog.data?.data.find((candidate) => candidate.id === model.sources[column].id)
    const { keys, staleOf } = staleSelection(model, column, staleSelectionLimit(sourceRefresh(source)))
    setSelection({ sourceId: model.sources[column].id, keys: new Set(keys), staleOf })
  }

  const selectedSourceName =
    selection && (model?.sources.find((source) => source.id === selection.sourceId)?.name ?? selection.sourceId)

  return (
    <div className="coverage-page">
      <header className="page-header">
        <h1>Coverage</h1>
        <p className="muted">
          Every project by every source, coloured by how long ago the source last updated it, measured against how
          often that source should refresh.
        </p>
      </header>

      <CoverageFilters
        search={search}
        rowHeight={rowHeight}
        sourceError={sourceError}
        onChange={update}
        onReset={() => setParams({}, { replace: true })}
      />
      <HeatmapLegend />

      {matrix.isPending ? (
        <Skeleton lines={8} label="Loading the coverage matrix…" />
      ) : matrix.isError && !matrix.data ? (
        // A source the map has no column of is said beside the filter; trying again could not draw it.
        !sourceError && <QueryError error={matrix.error} what="the coverage matrix" onRetry={() => void matrix.refetch()} />
      ) : model && model.rows.length === 0 ? (
        <EmptyState title="No projects match these filters">
          <p>Widen the filters, or reset the view.</p>
        </EmptyState>
      ) : model ? (
        <section className="coverage-map" aria-labelledby="coverage-map-title" aria-busy={matrix.isPlaceholderData || undefined}>
          <h2 id="coverage-map-title" className="coverage-map-title">
            {formatNumber(model.rows.length)} projects × {model.sources.length} {model.sources.length === 1 ? 'source' : 'sources'}
            <span className="muted"> · as of {formatDateTime(model.asOf)}</span>
            {matrix.isPlaceholderData && <span className="muted"> · updating…</span>}
          </h2>
          {matrix.data && matrix.data.total > model.rows.length && (
            <p className="alert alert-warning">
              The map shows the first {formatNumber(model.rows.length)} of {formatNumber(matrix.data.total)} projects.
              Narrow it with the filters to see the rest.
            </p>
          )}
          <Heatmap
            model={model}
            rowHeight={rowHeight}
            selection={heatmapSelection}
            onOpenProject={(key) => navigate(links.project(key))}
            onToggleCell={toggleCell}
          />
          <p className="visually-hidden" aria-live="polite">
            {selection ? `${formatNumber(selection.keys.size)} selected from ${selectedSourceName}` : ''}
          </p>
          {selection && selectedSourceName && (
            <SelectionBar
              sourceId={selection.sourceId}
              sourceName={selectedSourceName}
              refresh={refresh}
              sourcesPath={links.sources()}
              keys={selection.keys}
              staleOf={selection.staleOf}
              starter={starter}
              onStarted={(run: SourceRun) => navigate(links.sourceRun(run.id))}
              onClear={() => setSelection(null)}
            />
          )}
          <SourceSummaryTable sources={model.sources} staleOnMap={staleCounts} onSelectStale={selectStale} />
        </section>
      ) : null}
    </div>
  )
}
