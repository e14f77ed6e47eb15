import type { CreditPage } from '../../../api/contract/credits'
import { formatDate, formatNumber } from '../../../lib/format'

/** Where the next or the previous page begins, as the URL keeps it. */
export type CreditPaging = { after: string } | { before: string }

/**
 * Where this page stands, in words: its number where it was asked for by one and the count is exact, else the
 * days it spans, which say as much of a list kept newest first.
 */
export function pagePlace(page: CreditPage): string {
  if (page.page !== null && !page.total_estimated) {
    return `Page ${formatNumber(page.page)} of ${formatNumber(Math.max(1, Math.ceil(page.total / page.per_page)))}`
  }
  const newest = page.data[0]?.date
  const oldest = page.data.at(-1)?.date
  if (!newest) return 'Records with no day'
  return `Records of ${formatDate(newest)}${oldest && oldest !== newest ? ` back to ${formatDate(oldest)}` : oldest ? '' : ' and with no day'}`
}

/**
 * The previous and the next page, by the cursors the page gives: each costs the API the same at any depth,
 * where a page number far down the list would make it read every record before it.
 */
export function CreditsPager({ page, onPage }: { page: CreditPage; onPage: (paging: CreditPaging) => void }) {
  return (
    <nav className="table-pager" aria-label="Pages of records">
      <p className="table-pager-range">{pagePlace(page)}</p>
      <div className="table-pager-buttons">
        <button type="button" onClick={() => page.previous_before && onPage({ before: page.previous_before })} disabled={!page.previous_before}>
          Previous page
        </button>
        <button type="button" onClick={() => page.next_after && onPage({ after: page.next_after })} disabled={!page.next_after}>
          Next page
        </button>
      </div>
    </nav>
  )
}
