import { useQuery } from '@tanstack/react-query'
import type { ChangeEvent } from 'react'
import { projectQueries } from '../../../api/queries/projects'
import { freshnessNames, freshnessStates } from '../../../api/project-labels'
import { coverageQueries } from '../../../api/queries/coverage'
import { Field } from '../../../components/field'
import { formatNumber } from '../../../lib/format'
import type { CoverageSearch } from '../lib/coverage-search'
import { rowHeights } from '../lib/heatmap-layout'
import { regionLabel } from '../../../api/value-labels'

interface CoverageFiltersProps {
  search: CoverageSearch
  /** The row height in use when the URL does not choose one. */
  rowHeight: number
  /** Why the API refused the chosen source (a link naming one that draws no column), said beside the filter. */
  sourceError?: string
  onChange: (changes: Partial<CoverageSearch>) => void
  onReset: () => void
}

const rowHeightLabels: Record<number, string> = {
  1: '1 px (overview)',
  2: '2 px',
  4: '4 px',
  8: '8 px',
  16: '16 px, with keys',
  24: '24 px, with keys',
}

/** Narrows and orders the map; every choice is written to the URL, so the view can be shared as a link. */
export function CoverageFilters({ search, rowHeight, sourceError, onChange, onReset }: CoverageFiltersProps) {
  // The sources the map draws a column for, whatever the filter: a page of one row of the unfiltered map names them
  // all. The catalog of sources also lists the open rating, worked out from the others, and simulated prices, which
  // real projects have none of: filtering by either drew a map of no cells.
  const columns = useQuery({ ...coverageQueries.matrix({ per_page: 1 }), select: (matrix) => matrix.sources })
  const facets = useQuery(projectQueries.facets())
  const types = facets.data?.facets.type ?? []
  const regions = facets.data?.facets.region ?? []
  const pick = (name: 'source' | 'type' | 'region') => (event: ChangeEvent<HTMLSelectElement>) =>
    onChange({ [name]: event.target.value || undefined })
  const filtered = Boolean(search.source || search.type || search.region || search.state)

  return (
    <form className="coverage-filters" aria-label="Heatmap filters" onSubmit={(event) => event.preventDefault()}>
      <Field label="Source" error={sourceError}>
        {(control) => (
          <select {...control} value={search.source ?? ''} onChange={pick('source')}>
            <option value="">All sources</option>
            {columns.data?.map((source) => (
              <option key={source.id} value={source.id}>
                {source.name}
              </option>
            ))}
            {search.source && !columns.data?.some((source) => source.id === search.source) && (
              <option value={search.source}>{search.source}</option>
            )}
          </select>
        )}
      </Field>
      <Field label="Project type">
        {(control) => (
          <select {...control} value={search.type ?? ''} onChange={pick('type')}>
            <option value="">All types</option>
            {types.map((facet) => (
              <option key={facet.value} value={facet.value}>
                {facet.value} ({formatNumber(facet.count)})
              </option>
            ))}
            {search.type && !types.some((facet) => facet.value === search.type) && (
              <option value={search.type}>{search.type}</option>
            )}
          </select>
        )}
      </Field>
      <Field label="Region">
        {(control) => (
          <select {...control} value={search.region ?? ''} onChange={pick('region')}>
            <option value="">All regions</option>
            {regions.map((facet) => (
              <option key={facet.value} value={facet.value}>
                {regionLabel(facet.value)} ({formatNumber(facet.count)})
              </option>
            ))}
            {search.region && !regions.some((facet) => facet.value === search.region) && (
              <option value={search.region}>{regionLabel(search.region)}</option>
            )}
          </select>
        )}
      </Field>
      <Field label="Projects with a cell that is">
        {(control) => (
          <select
            {...control}
            value={search.state ?? ''}
            onChange={(event) => onChange({ state: (event.target.value || undefined) as CoverageSearch['state'] })}
          >
            <option value="">Any state</option>
            {freshnessStates.map((state) => (
              <option key={state} value={state}>
                {freshnessNames[state]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Order">
        {(control) => (
          <select
            {...control}
            value={search.sort}
            onChange={(event) => onChange({ sort: event.target.value === 'key' ? 'key' : 'stalest' })}
          >
            <option value="stalest">Stalest first</option>
            <option value="key">By project key</option>
          </select>
        )}
      </Field>
      <Field label="Row height">
        {(control) => (
          <select
            {...control}
            value={rowHeight}
            onChange={(event) => onChange({ rows: Number(event.target.value) as CoverageSearch['rows'] })}
          >
            {rowHeights.map((height) => (
              <option key={height} value={height}>
                {rowHeightLabels[height]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="coverage-filters-reset">
        <button type="button" onClick={onReset} disabled={!filtered && search.sort === 'stalest' && search.rows === undefined}>
          Reset view
        </button>
      </div>
    </form>
  )
}
