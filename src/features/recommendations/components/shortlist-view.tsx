import { Link } from 'react-router-dom'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { isNotFoundError } from '../../../api/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useRecommendation } from '../api/use-recommendation'
import type { ShortlistLinks } from '../lib/links'
import { ShortlistReport } from './shortlist-report'
import { ShortlistSkeleton } from './shortlist-skeleton'
import './shortlist.css'

/** The shortlist behind a shareable link: fetched by ID, so a pasted link shows the same result anywhere. */
export function ShortlistView({ id, links }: { id: string; links: ShortlistLinks }) {
  const recommendation = useRecommendation(id)
  if (recommendation.isPending) return <ShortlistSkeleton />
  if (recommendation.isError) {
    if (isNotFoundError(recommendation.error)) return <UnknownRecommendation id={id} links={links} />
    return (
      <>
        <h1>Shortlist</h1>
        <QueryError error={recommendation.error} what="this shortlist" onRetry={() => void recommendation.refetch()} />
      </>
    )
  }
  return <ShortlistReport recommendation={recommendation.data} links={links} />
}

function UnknownRecommendation({ id, links }: { id: string; links: ShortlistLinks }) {
  useDocumentTitle('Recommendation not found')
  return (
    <EmptyState
      headingLevel="h1"
      title="No recommendation with this ID"
      action={<Link to={links.home()}>Write a new brief</Link>}
    >
      <p>
        There is no shortlist with the ID <code>{id}</code>. Check that the link was copied in full.
      </p>
    </EmptyState>
  )
}
