import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useKeptSelection } from '../../../lib/use-kept-selection'
import { catalogueQueries } from '../../../api/queries/catalogue'
import { projectQueries } from '../../../api/queries/projects'
import { DataAttribution } from '../../../components/data-attribution'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { formatNumber } from '../../../lib/format'
import { usePagePrices } from '../api/use-page-prices'
import { useBrowserSearch } from '../api/use-browser-search'
import { maxSearchChars, type ProjectFilters as ProjectFilterValues } from '../../../api/contract/projects'
import { hasFilters, toListQuery, toProjectFilters } from '../lib/browser-search'
import { CompareSelection } from './compare-selection'
import { FilteredCreditTotals } from './filtered-credit-totals'
import { ExportProjects } from './export-projects'
import { ProjectFilters } from './project-filters'
import { ProjectSearchBox } from './project-search-box'
import { ProjectTable } from './project-table'
import './project-browser.css'

interface ProjectBrowserProps {
  projectHref: (key: string) => string
  compareHref: (keys: readonly string[]) => string
}

const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage))

/** Why the list is empty, in terms of what was asked: a search alone, filters, or nothing yet imported. */
function emptyResultText(filters: ProjectFilterValues): string {
  if (Object.keys(filters).length === 0) return 'There are no projects yet.'
  if (Object.keys(filters).length === 1 && filters.q) return `No project's key or name contains “${filters.q}”. Try part of a key (VCS191) or a word of the name.`
  return 'No project meets all of these filters. Remove some, or clear them all.'
}

export function ProjectBrowser({ projectHref, compareHref }: ProjectBrowserProps) {
  const { search, update, clearFilters } = useBrowserSearch()
  const filters = useMemo(() => toProjectFilters(search), [search])
  // The previous rows stay on screen while the next ones load, so a filter change never blanks the table.
  const list = useQuery({ ...projectQueries.list(toListQuery(search)), placeholderData: keepPreviousData })
  usePagePrices(list.data?.data)
  const commitSearch = useCallback((q: string) => update({ q }), [update])
  // A search too long to send, typed or given in the address: no list is shown as if it were its answer.
  const [searchRefused, setSearchRefused] = useState(false)
  // The ticked rows are the reader's working set, not a view to share: they live here, across pages and filters, and
  // are found again after opening a project and coming back.
  const [selectedKeys, setSelectedKeys] = useKeptSelection('compare:projects', () => [])
  const toggleSelected = useCallback(
    (key: string) => setSelectedKeys((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key])),
    [setSelectedKeys],
  )
  // Berkeley's data carries its credit wherever it is listed (CC BY-SA 4.0); generated data has none to give.
  const catalogue = useQuery(catalogueQueries.summary()).data
  const attribution = catalogue && catalogue.synthetic_projects < catalogue.projects ? catalogue.attribution : null

  const results = useRef<HTMLElement>(null)
  const skipToResults = (event: MouseEvent) => {
    event.preventDefault()
    results.current?.focus()
  }

  return (
    <div className="project-browser">
      <div className="project-browser-head">
        <h1>Projects</h1>
        <p role="status" className="muted project-count">
          {!searchRefused && list.data && `${formatNumber(list.data.total)} ${list.data.total === 1 ? 'project' : 'projects'}`}
        </p>
      </div>
      <ProjectSearchBox value={search.q} onCommit={commitSearch} onTooLong={setSearchRefused} />
      {/* Totals over a search that was not run would be the totals of every project, under the search's words. */}
      {!searchRefused && <FilteredCreditTotals filters={filters} />}
      <div className="project-browser-layout">
        {/* Every value of a filter is a stop for the keyboard (43 before the first project on Berkeley's release):
            the projects are one away. Focused in place, so the address keeps only the browser's own search. */}
        <a className="skip-link" href="#project-results" onClick={skipToResults}>
          Skip the filters to the projects
        </a>
        <ProjectFilters search={search} onChange={update} onClear={clearFilters} />
        <section ref={results} id="project-results" className="project-results" aria-label="Results" tabIndex={-1}>
          {searchRefused ? (
            <EmptyState title="Search not run">Shorten the search to at most {maxSearchChars} characters to see the projects it finds.</EmptyState>
          ) : list.isPending ? (
            <TableSkeleton rows={10} cols={8} label="Loading projects…" />
          ) : list.isError && !list.data ? (
            <QueryError error={list.error} what="the projects" onRetry={() => void list.refetch()} />
          ) : list.data.total === 0 ? (
            <EmptyState
              title="No projects match"
              action={
                hasFilters(search) ? (
                  <button type="button" onClick={clearFilters}>
                    Clear filters
                  </button>
                ) : undefined
              }
            >
              {emptyResultText(filters)}
            </EmptyState>
          ) : list.data.data.length === 0 ? (
            // A page number past the end (a link kept while the projects grew fewer, or typed): the range and "Page 9,999
            // of 220" over an empty table said nothing useful.
            <EmptyState
              title="Past the last page"
              action={
                <button type="button" onClick={() => update({ page: lastPage(list.data.total, search.per_page) })}>
                  Go to the last page
                </button>
              }
            >
              Page {formatNumber(search.page)} is past the end: the {formatNumber(list.data.total)} {list.data.total === 1 ? 'project' : 'projects'} fill{' '}
              {formatNumber(lastPage(list.data.total, search.per_page))} {lastPage(list.data.total, search.per_page) === 1 ? 'page' : 'pages'} of {search.per_page}.
            </EmptyState>
          ) : (
            <ProjectTable
              page={list.data}
              search={search}
              onSearchChange={update}
              projectHref={projectHref}
              busy={list.isPlaceholderData}
              selectedKeys={selectedKeys}
              onToggleSelected={toggleSelected}
              toolbar={
                <>
                  <CompareSelection selectedKeys={selectedKeys} compareHref={compareHref} onClear={() => setSelectedKeys([])} />
                  <ExportProjects filters={filters} sort={search.sort} total={list.data.total} />
                </>
              }
            />
          )}
          {attribution && <DataAttribution attribution={attribution} />}
        </section>
      </div>
    </div>
  )
}
