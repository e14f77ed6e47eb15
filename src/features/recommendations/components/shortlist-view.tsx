import { Link } from 'react-router-dom'
import { paths } from '../../../app/paths'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { isNotFoundError } from '../../../lib/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useRecommendation } from '../api/use-recommendation'
import { ShortlistReport } from './shortlist-report'
import { ShortlistSkeleton } from './shortlist-skeleton'
import './shortlist.css'

/** The shortlist behind a shareable link: fetched by ID, so a pasted link shows the same result anywhere. */
export function ShortlistView({ id }: { id: string }) {
  const recommendation = useRecommendation(id)
  if (recommendation.isPending) return <ShortlistSkeleton />
  if (recommendation.isError) {
    if (isNotFoundError(recommendation.error)) return <UnknownRecommendation id={id} />
    return (
      <>
        <h1>Shortlist</h1>
        <QueryError error={recommendation.error} what="this shortlist" onRetry={() => void recommendation.refetch()} />
      </>
    )
  }
  return <ShortlistReport recommendation={recommendation.data} />
}

function UnknownRecommendation({ id }: { id: string }) {
  useDocumentTitle('Recommendation not found')
  return (
    <EmptyState
      headingLevel="h1"
      title="No recommendation with this ID"
      action={<Link to={paths.home()}>Write a new brief</Link>}
    >
      <p>
        There is no shortlist with the ID <code>{id}</code>. Check that the link was copied in full.
      </p>
    </EmptyState>
  )
}
