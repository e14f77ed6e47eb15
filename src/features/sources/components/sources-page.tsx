import { useQuery } from '@tanstack/react-query'
import type { SortingState, Updater } from '@tanstack/react-table'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { SourceRun } from '../../../api/contract/sources'
import { sourceQueries } from '../../../api/queries/sources'
import { QueryError } from '../../../components/query-error'
import { Skeleton, TableSkeleton } from '../../../components/skeleton'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useStartSourceRun } from '../api/use-start-source-run'
import type { SourcesLinks } from '../lib/links'
import { readSourcesSearch, sortingToSort, sortToSorting } from '../lib/sources-search'
import { FileImportForm } from './file-import-form'
import { FollowedRun } from './followed-run'
import { RecentRuns } from './recent-runs'
import { RunForm } from './run-form'
import { SourceCatalog } from './source-catalog'
import { SourceTraitsNote } from './source-traits-note'
import './sources.css'

/** The data behind the app: where it comes from, how fresh each source is, and runs to refresh it. */
export function SourcesPage({ links }: { links: SourcesLinks }) {
  useDocumentTitle('Sources')
  const [params, setParams] = useSearchParams()
  const search = readSourcesSearch(params)
  const sources = useQuery(sourceQueries.list())
  const starter = useStartSourceRun()
  const sorting = sortToSorting(search.sort)
  // Berkeley's database first: it carries the whole catalogue; a registry's export is chosen for what it adds, and
  // a buyer's quotes (the market source) last.
  const rank = (source: { kind: string }) => (source.kind === 'registry' ? 1 : source.kind === 'market' ? 2 : 0)
  const importers = (sources.data?.data ?? []).filter((source) => source.accepts_files && source.connected).sort((a, b) => rank(a) - rank(b))

  const update = (changes: Record<string, string | null>, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name)
          else next.set(name, value)
        }
        return next
      },
      { replace },
    )
  const onSortingChange = (updater: Updater<SortingState>) => {
    const sort = sortingToSort(sorting, updater)
    update({ sort: sort === 'name' ? null : sort }, true)
  }
  // A run started here is followed below the forms: on a phone that is a screen or more down, where its progress
  // and its failure (a file that is not what it claims) would go unseen. It is brought into view as it starts.
  const [startedHere, setStartedHere] = useState<string | null>(null)
  const followed = useRef<HTMLDivElement>(null)
  const onStarted = (run: SourceRun) => {
    setStartedHere(run.id)
    update({ run: run.id }, false)
  }
  useEffect(() => {
    if (startedHere !== null && startedHere === search.run) followed.current?.scrollIntoView?.({ block: 'nearest' })
  }, [startedHere, search.run])

  return (
    <div className="sources-page">
      <header className="page-header">
        <h1>Sources</h1>
        <p className="muted">
          Where the project data, ratings and prices come from, how often each source should refresh, and how new the
          data it last brought is; Recent runs says when each ran. Start a run to refresh a source that fetches its own
          data, or import a file: a registry&rsquo;s export, Berkeley&rsquo;s database, a buyer&rsquo;s quotes.
        </p>
      </header>

      <section aria-labelledby="catalog-title" className="sources-section">
        <h2 id="catalog-title">Catalog</h2>
        {sources.isPending ? (
          // One row per source, about ten: a registry each, the ratings, the market feed and VROD.
          <TableSkeleton rows={10} cols={7} rowLines={4} label="Loading the source catalog…" />
        ) : sources.isError ? (
          <QueryError error={sources.error} what="the source catalog" onRetry={() => void sources.refetch()} />
        ) : (
          <>
            <SourceTraitsNote sources={sources.data.data} />
            <SourceCatalog
              sources={sources.data.data}
              sorting={sorting}
              onSortingChange={onSortingChange}
              ratingMethodHref={links.ratingMethod()}
            />
          </>
        )}
      </section>

      <div className="sources-run-area sources-section">
        {sources.isPending ? (
          <Skeleton lines={5} className="run-form-skeleton" label="Loading the run form…" />
        ) : (
          <div className="sources-forms">
            {importers.length > 0 && <FileImportForm sources={importers} starter={starter} onStarted={onStarted} />}
            <RunForm sources={sources.data?.data ?? []} starter={starter} onStarted={onStarted} />
          </div>
        )}
        {search.run ? (
          <div ref={followed} className="followed-run">
            <FollowedRun key={search.run} runId={search.run} links={links} />
          </div>
        ) : (
          <p className="run-placeholder muted">The run you start is followed here as it progresses.</p>
        )}
      </div>

      <RecentRuns sources={sources.data?.data ?? []} links={links} />
    </div>
  )
}
