import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import type { FacetName } from '../../../api/contract/facets'
import { projectQueries } from '../../../api/queries/projects'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { hasFilters, toProjectFilters, type BrowserSearch } from '../lib/browser-search'
import { facetValueLabel } from '../../../api/project-labels'
import { FacetFilter } from './facet-filter'
import { VintageFilter } from './vintage-filter'

interface ProjectFiltersProps {
  search: BrowserSearch
  onChange: (patch: Partial<BrowserSearch>) => void
  onClear: () => void
}

/** In the order an analyst narrows down: certification first, then where the credits come from. */
const facetOrder: { name: FacetName; legend: string; defaultOpen?: boolean }[] = [
  { name: 'label', legend: 'Labels', defaultOpen: true },
  { name: 'registry', legend: 'Registry' },
  { name: 'status', legend: 'Status' },
  { name: 'type', legend: 'Type' },
  { name: 'scope', legend: 'Scope' },
  { name: 'region', legend: 'Region' },
  { name: 'country', legend: 'Country' },
  { name: 'co_benefit', legend: 'Co-benefits' },
]

export function ProjectFilters({ search, onChange, onClear }: ProjectFiltersProps) {
  const headingId = useId()
  const filters = useMemo(() => toProjectFilters(search), [search])
  const facets = useQuery({ ...projectQueries.facets(filters), placeholderData: keepPreviousData })

  return (
    <section className="project-filters" aria-labelledby={headingId}>
      <div className="project-filters-head">
        <h2 id={headingId}>Filters</h2>
        {hasFilters(search) && (
          <button type="button" className="button-link" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
      {facets.isPending ? (
        <Skeleton lines={8} label="Loading filters…" />
      ) : facets.isError && !facets.data ? (
        <QueryError error={facets.error} what="the filters" onRetry={() => void facets.refetch()} />
      ) : (
        <div className="project-filters-list" aria-busy={facets.isPlaceholderData || undefined}>
          <VintageFilter
            range={facets.data.vintage}
            value={search.vintage_min}
            onChange={(vintage_min) => onChange({ vintage_min })}
          />
          {facetOrder.map(({ name, legend, defaultOpen }) => (
            <FacetFilter
              key={name}
              legend={legend}
              values={facets.data.facets[name]}
              selected={search[name]}
              onChange={(next) => onChange({ [name]: next })}
              labelOf={(value) => facetValueLabel(name, value)}
              defaultOpen={defaultOpen}
            />
          ))}
        </div>
      )}
    </section>
  )
}
