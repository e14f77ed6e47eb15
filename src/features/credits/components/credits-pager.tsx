import type { CreditPage } from '../../../api/contract/credits'
import { formatDate, formatNumber } from '../../../lib/format'

/**
 * Where the next or the previous page begins, as the URL keeps it, with the number the page is shown as (`n`) where
 * the page it was reached from had one: a cursor carries no number, and "Page 1 of 5" became "Records of …" at Next.
 */
export type CreditPaging = ({ after: string } | { before: string }) & { n?: number }

/** The number this page is shown as: the API's, where it was asked for by one, else the one the link carried. */
export const shownNumber = (page: CreditPage, carried: number | undefined) => page.page ?? carried

/**
 * Where this page stands, in words: its number where it has one and the count is exact, else the days it spans,
 * which say as much of a list kept newest first.
 */
export function pagePlace(page: CreditPage, carried?: number): string {
  const number = shownNumber(page, carried)
  if (number !== undefined && !page.total_estimated) {
    return `Page ${formatNumber(number)} of ${formatNumber(Math.max(1, Math.ceil(page.total / page.per_page), number))}`
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
export function CreditsPager({ page, carried, onPage }: { page: CreditPage; carried?: number; onPage: (paging: CreditPaging) => void }) {
  const number = shownNumber(page, carried)
  const step = (by: number) => (number === undefined || number + by < 1 ? {} : { n: number + by })
  return (
    <nav className="table-pager" aria-label="Pages of records">
      <p className="table-pager-range">{pagePlace(page, carried)}</p>
      <div className="table-pager-buttons">
        <button type="button" onClick={() => page.previous_before && onPage({ before: page.previous_before, ...step(-1) })} disabled={!page.previous_before}>
          Previous page
        </button>
        <button type="button" onClick={() => page.next_after && onPage({ after: page.next_after, ...step(1) })} disabled={!page.next_after}>
          Next page
        </button>
      </div>
    </nav>
  )
}
