import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Recommendation } from '../../../api/contract/recommendations'
import { useDeferredValue } from 'react'
import { Link } from 'react-router-dom'
import { recommendationQueries } from '../../../api/queries/recommendations'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { isGoneError, isNotFoundError } from '../../../api/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { formatDate } from '../../../lib/format'
import { useRecommendation } from '../api/use-recommendation'
import type { ShortlistLinks } from '../lib/links'
import { ShortlistReport } from './shortlist-report'
import { ShortlistSkeleton } from './shortlist-skeleton'
import './shortlist.css'

interface ShortlistViewProps {
  id: string
  /** The shortlist this one refines (`?vs=`), to mark what changed. */
  previousId?: string
  links: ShortlistLinks
}

/** The shortlist behind a shareable link: fetched by ID, so a pasted link shows the same result anywhere. */
export function ShortlistView({ id, previousId, links }: ShortlistViewProps) {
  const recommendation = useRecommendation(id)
  const previous = useQuery({ ...recommendationQueries.detail(previousId ?? ''), enabled: Boolean(previousId) })
  // The report is a large tree (the table, its phone cards, the portfolio's charts): rendered as a deferred value,
  // React builds it in slices between which the page stays responsive, where the query's update would render it
  // in one long task. The skeleton stays up meanwhile, and never another shortlist's report.
  const shown = useDeferredValue(recommendation.data)
  if (recommendation.isPending || (recommendation.isSuccess && shown?.id !== id)) return <ShortlistSkeleton />
  if (recommendation.isError) {
    if (isNotFoundError(recommendation.error)) return <UnknownRecommendation id={id} links={links} />
    if (isGoneError(recommendation.error)) return <DeletedRecommendation id={id} deletedAt={recommendation.error.problem.deleted_at} links={links} />
    return (
      <>
        <h1>Shortlist</h1>
        <QueryError error={recommendation.error} what="this shortlist" onRetry={() => void recommendation.refetch()} />
      </>
    )
  }
  return (
    <ShortlistReport
      recommendation={shown!}
      previous={previous.data}
      links={links}
      previousNotice={previousId && !previous.data ? <PreviousNotice previousId={previousId} previous={previous} /> : undefined}
    />
  )
}

/** Why the comparison with the previous shortlist is not shown (yet); the shortlist itself shows regardless. */
function PreviousNotice({ previousId, previous }: { previousId: string; previous: UseQueryResult<Recommendation> }) {
  if (previous.isError && isGoneError(previous.error)) {
    return (
      <p className="alert alert-warning">
        The shortlist <code>{previousId}</code> this one is compared with was deleted; this one is shown on its own.
      </p>
    )
  }
  if (previous.isError && isNotFoundError(previous.error)) {
    return (
      <p className="alert alert-warning">
        There is no shortlist with the ID <code>{previousId}</code> to compare with; this one is shown on its own.
      </p>
    )
  }
  if (previous.isError) {
    return <QueryError error={previous.error} what="the previous shortlist" onRetry={() => void previous.refetch()} />
  }
  return (
    <p role="status" className="muted">
      Loading the previous shortlist to compare…
    </p>
  )
}

function UnknownRecommendation({ id, links }: { id: string; links: ShortlistLinks }) {
  useDocumentTitle('Shortlist not found')
  return (
    <EmptyState
      headingLevel="h1"
      title="No shortlist with this ID"
      action={<Link to={links.home()}>Write a new brief</Link>}
    >
      <p>
        There is no shortlist with the ID <code>{id}</code>. Check that the link was copied in full.
      </p>
    </EmptyState>
  )
}

/** A link to a shortlist its maker deleted: said so, with when, rather than as a link copied wrong. */
function DeletedRecommendation({ id, deletedAt, links }: { id: string; deletedAt: string | undefined; links: ShortlistLinks }) {
  useDocumentTitle('Shortlist deleted')
  return (
    <EmptyState headingLevel="h1" title="This shortlist was deleted" action={<Link to={links.home()}>Write a new brief</Link>}>
      <p>
        The shortlist <code>{id}</code> was deleted{deletedAt ? ` on ${formatDate(deletedAt)}` : ''} by whoever made it, and nothing of it is kept. Ask them
        for another link, or write the brief again.
      </p>
    </EmptyState>
  )
}
