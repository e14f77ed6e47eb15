import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { formatNumber } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useShortlists } from '../api/use-shortlists'
import type { ShortlistLinks } from '../lib/links'
import { readShortlistsPage } from '../lib/shortlists-search'
import { refineSearchParams } from '../lib/brief-search-params'
import { KeptShortlistTable } from './kept-shortlist-table'
import './shortlist.css'

/** The shortlists made with this app's credential, newest first, so a lost link is never a lost shortlist. */
export function KeptShortlistsPage({ links }: { links: ShortlistLinks }) {
  useDocumentTitle('Shortlists')
  const [searchParams] = useSearchParams()
  const page = readShortlistsPage(searchParams)
  const shortlists = useShortlists(page)
  const count = useRef<HTMLParagraphElement>(null)
  /** The shortlist just deleted, said with the count that drops. */
  const [deleted, setDeleted] = useState<string | null>(null)
  // Once a shortlist is deleted, the status that says so takes the focus its row had: after the list is read again,
  // as the last one's deletion replaces the list with the empty state, and its status with another.
  const total = shortlists.data?.total
  useEffect(() => {
    if (deleted !== null) count.current?.focus()
  }, [deleted, total])

  let body
  if (shortlists.isPending) body = <TableSkeleton rows={6} cols={6} label="Loading your shortlists…" />
  else if (shortlists.isError) body = <QueryError error={shortlists.error} what="your shortlists" onRetry={() => void shortlists.refetch()} />
  else if (shortlists.data.total === 0)
    body = (
      <>
        {deleted && (
          <p className="muted" role="status" tabIndex={-1} ref={count}>
            <span className="action-status">Deleted {deleted}.</span>
          </p>
        )}
        <EmptyState title="No shortlists yet" action={<Link to={links.home()}>Write a brief</Link>}>
          <p>Every shortlist you make is kept here, newest first.</p>
        </EmptyState>
      </>
    )
  else {
    const { data, total, per_page: perPage } = shortlists.data
    const pages = Math.max(1, Math.ceil(total / perPage))
    body = (
      <>
        {/* A status: once a shortlist is deleted, it says which, with the count that drops, and takes the focus its row had. */}
        <p className="muted" role="status" tabIndex={-1} ref={count}>
          {deleted && <span className="action-status">Deleted {deleted}. </span>}
          {formatNumber(total)} shortlist{total === 1 ? '' : 's'}, newest first. A name helps you find one again.
        </p>
        {data.length > 0 ? (
          <KeptShortlistTable
            shortlists={data}
            links={{ shortlistHref: links.recommendation, refineHref: (shortlist) => `${links.home()}?${refineSearchParams(shortlist)}` }}
            onDeleted={setDeleted}
          />
        ) : (
          <EmptyState title="No shortlists on this page" action={<Link to="?page=1">Go to the first page</Link>} />
        )}
        {pages > 1 && (
          <nav className="kept-shortlists-pages" aria-label="Pages of shortlists">
            {page > 1 && <Link to={`?page=${page - 1}`}>Newer</Link>}
            <span>
              Page {formatNumber(page)} of {formatNumber(pages)}
            </span>
            {page < pages && <Link to={`?page=${page + 1}`}>Older</Link>}
          </nav>
        )}
      </>
    )
  }

  return (
    <article className="kept-shortlists-page">
      <header className="page-header">
        <div>
          <h1>Shortlists</h1>
          <p className="lede">The shortlists you made, with their briefs and budgets. Open one to share, print or download its pack.</p>
        </div>
      </header>
      {body}
    </article>
  )
}
