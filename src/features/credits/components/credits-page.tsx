import { Link, useSearchParams } from 'react-router-dom'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { formatNumber } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useCredits } from '../api/use-credits'
import { creditFilterNames, creditsSearchParams, readCreditsSearch, type CreditFilterName } from '../lib/credits-search'
import type { CreditsLinks } from '../lib/links'
import { CreditFilters, type CreditFilterValues } from './credit-filters'
import { CreditsChart } from './credits-chart'
import { CreditsTable } from './credits-table'
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
  const query = readCreditsSearch(params)
  const credits = useCredits(query)
  const values = Object.fromEntries(creditFilterNames.map((name) => [name, query[name] === undefined ? '' : String(query[name])])) as CreditFilterValues
  const page = credits.data
  const pages = page ? Math.max(1, Math.ceil(page.total / page.per_page)) : 1
  const goTo = (next: number) => setParams(creditsSearchParams({ ...values, page: next }))

  return (
    <section className="credits-page" aria-labelledby="credits-title">
      <h1 id="credits-title">Credits</h1>
      <p className="lede">
        Each issuance, retirement and cancellation as the registries record it, with who credits were retired for. Records
        come in with a registry&apos;s export on the <Link to={links.sources()}>Sources</Link> page.
      </p>
      <CreditFilters
        key={params.toString()}
        values={values}
        onApply={(applied) => setParams(creditsSearchParams(applied as Partial<Record<CreditFilterName, string>>))}
      />
      {credits.isPending ? (
        <TableSkeleton rows={8} cols={7} label="Loading records…" />
      ) : credits.isError ? (
        <QueryError error={credits.error} onRetry={() => void credits.refetch()} what="the records" />
      ) : page && page.total === 0 ? (
        <EmptyState title="No records match">
          {params.toString() === '' ? 'No registry export has been imported yet.' : 'Widen the filters, or import a newer export.'}
        </EmptyState>
      ) : page ? (
        <>
          <div className="credits-summary-bar">
            <p className="credits-summary" role="status">
              {formatNumber(page.total)} record{page.total === 1 ? '' : 's'}, {formatNumber(page.sum_quantity, 3)} credits (tCO2e) in all
            </p>
            <ExportCredits query={query} total={page.total} />
          </div>
          <CreditsChart query={query} />
          <TopRetirers query={query} values={values} links={links} />
          <CreditsTable records={page.data} links={links} caption={`Credit records, page ${query.page} of ${pages}, newest first`} />
          <nav className="table-pager" aria-label="Pages of records">
            <p className="table-pager-range">
              Page {formatNumber(query.page)} of {formatNumber(pages)}
            </p>
            <div className="table-pager-buttons">
              <button type="button" onClick={() => goTo(query.page - 1)} disabled={query.page <= 1}>
                Previous page
              </button>
              <button type="button" onClick={() => goTo(query.page + 1)} disabled={query.page >= pages}>
                Next page
              </button>
            </div>
          </nav>
        </>
      ) : null}
    </section>
  )
}
