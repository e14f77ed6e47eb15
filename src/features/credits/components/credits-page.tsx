import { useEffect, useMemo, useRef } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ApiError } from '../../../api/client'
import { problemTypeBase, problemTypes } from '../../../api/contract/errors'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useCredits } from '../api/use-credits'
import { carriedNumber, creditFilterNames, creditFilterOf, creditsSearchOf, creditsSearchParams, type CreditFilterName } from '../lib/credits-search'
import type { CreditsLinks } from '../lib/links'
import { CreditFilters, type CreditFilterValues } from './credit-filters'
import { creditSummary } from '../lib/credit-summary'
import { CreditsChart } from './credits-chart'
import { CreditsPager, pagePlace } from './credits-pager'
import { CreditsTable, RecordRowsNote } from './credits-table'
import { ExportCredits } from './export-credits'
import { TopRetirers } from './top-retirers'
import './credits.css'

/**
 * Every issuance, retirement and cancellation the registries' exports record, filtered in the URL so a search
 * ("what did Microsoft retire, from which projects") is a link a colleague can open.
 */
export function CreditsPage({ links }: { links: CreditsLinks }) {
  useDocumentTitle('Credits')
  const [params, setParams] = useSearchParams()
  const { query, refused } = useMemo(() => creditsSearchOf(params), [params])
  const filter = creditFilterOf(query)
  const carried = carriedNumber(params)
  // A filter the link gave that cannot filter the records stays in its field with why, and no record is read: the
  // records without it would be shown as if it applied.
  const unreadable = Object.keys(refused).length
  const credits = useCredits(query, unreadable === 0)
  const values = Object.fromEntries(creditFilterNames.map((name) => [name, refused[name]?.value ?? (query[name] === undefined ? '' : String(query[name]))])) as CreditFilterValues
  const page = credits.data
  // Next or Previous takes the reader to the new page's first record: the pager is under the table, and the view
  // stayed there (15,622 px down at 412 px), the new records above it out of sight.
  const captionRef = useRef<HTMLTableCaptionElement>(null)
  const paged = useRef(false)
  useEffect(() => {
    if (!paged.current || !page) return
    paged.current = false
    captionRef.current?.focus({ preventScroll: true })
    captionRef.current?.scrollIntoView({ block: 'start' })
  }, [page])
  // A numbered page too deep to answer (a shared link's, or one typed) is refused naming where to read on from;
  // asking again cannot help it, so it offers the way on, or back to the first page when the filters keep nothing.
  const refusal = credits.error instanceof ApiError ? credits.error.problem : undefined
  const tooDeep = refusal?.type === `${problemTypeBase}${problemTypes.pageTooDeep}`
  const resume = refusal?.after
  // A place in the list the link gives that this list did not give (cut short, or of other filters): asking again
  // cannot help it, and the API's words for a developer ("pass a `next_after`…") said nothing a reader could do.
  const lostPlace = refusal?.errors?.some((error) => error.path === 'after' || error.path === 'before') ?? false

  return (
    <section className="credits-page" aria-labelledby="credits-title">
      <h1 id="credits-title">Credits</h1>
      <p className="lede">
        Each issuance, retirement and cancellation as the registries record it, with who credits were retired for. Records
        come in with a registry&apos;s export on the <Link to={links.sources()}>Sources</Link> page. The sums here add the
        records up as the exports list them; a project&apos;s own page counts each credit once across its sources.
      </p>
      <CreditFilters
        key={params.toString()}
        values={values}
        refused={refused}
        onApply={(applied) => setParams(creditsSearchParams(applied as Partial<Record<CreditFilterName, string>>))}
      />
      {unreadable > 0 ? (
        <EmptyState title="Records not read">
          Correct the {unreadable === 1 ? 'filter' : 'filters'} marked above, then show the records: as the link gave{' '}
          {unreadable === 1 ? 'it' : 'them'}, no record could be filtered by {unreadable === 1 ? 'it' : 'them'}.
        </EmptyState>
      ) : credits.isPending ? (
        <TableSkeleton rows={8} cols={7} label="Loading records…" />
      ) : lostPlace ? (
        <EmptyState title="This link's place in the records is lost" action={<Link to={`?${creditsSearchParams(values).toString()}`}>Start from the newest records</Link>}>
          The link names a place in the list that this list did not give: it may have been cut short when copied, or come from other filters.
        </EmptyState>
      ) : credits.isError ? (
        <>
          <QueryError error={credits.error} onRetry={tooDeep ? undefined : () => void credits.refetch()} what="the records" />
          {tooDeep && (
            <p>
              {resume ? (
                <button type="button" onClick={() => setParams(creditsSearchParams({ ...values, after: resume }))}>
                  Read on from the last numbered page
                </button>
              ) : (
                <Link to={`?${creditsSearchParams(values).toString()}`}>Back to the first page</Link>
              )}
            </p>
          )}
        </>
      ) : page && page.total === 0 ? (
        params.toString() === '' ? (
          <EmptyState title="No records yet">
            No registry export has been imported yet: import one on the <Link to={links.sources()}>Sources</Link> page. A
            project&apos;s own page shows its issued, retired and remaining totals without them, from the project catalogue.
          </EmptyState>
        ) : (
          <EmptyState title="No records match">
            Widen the filters, or import a newer export.
            {(values.kind === 'retirement' || values.kind === 'cancellation') && (values.registry === '' || values.registry.toUpperCase() === 'VCS') && (
              // Verra's export does not say which a block was: "Retired" found none of its records, and the advice
              // to import a newer export could not help.
              <>
                {' '}
                Verra&apos;s export does not say whether a block was retired or cancelled: its records are{' '}
                <Link to={`?${creditsSearchParams({ ...values, kind: 'retirement_or_cancellation' }).toString()}`}>retired or cancelled</Link>.
              </>
            )}
          </EmptyState>
        )
      ) : page && page.data.length === 0 ? (
        <EmptyState title="No records past this point" action={<Link to={`?${creditsSearchParams(values).toString()}`}>Back to the newest records</Link>}>
          The list ends before here.
        </EmptyState>
      ) : page ? (
        <>
          <div className="credits-summary-bar">
            <p className="credits-summary" role="status">
              {creditSummary(page)}
            </p>
            <ExportCredits filter={filter} total={page.total} />
          </div>
          {query.project && (
            // An export lists blocks of an issuance Berkeley already counts: summed here, not added again there.
            <p className="muted credits-project-note">
              <Link to={links.project(query.project)}>{query.project}&apos;s page</Link> counts each credit once across its sources, so its
              totals may differ from these sums.
            </p>
          )}
          <CreditsChart filter={filter} />
          <TopRetirers filter={filter} values={values} links={links} />
          <CreditsTable records={page.data} links={links} caption={`Credit records, newest first: ${pagePlace(page, carried)}`} captionRef={captionRef} />
          <RecordRowsNote />
          <CreditsPager
            page={page}
            carried={carried}
            onPage={(paging) => {
              paged.current = true
              setParams(creditsSearchParams({ ...values, ...paging }))
            }}
          />
        </>
      ) : null}
    </section>
  )
}
