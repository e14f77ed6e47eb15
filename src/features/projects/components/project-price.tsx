import { useQuery } from '@tanstack/react-query'
import { missingPriceReason, spotPriceQueries } from '../../../api/queries/spot-prices'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { formatDateTime, formatUsd } from '../../../lib/format'

/** The project's spot price, from the same per-key cache the browser and the price lookup fill. */
export function ProjectPrice({ projectKey }: { projectKey: string }) {
  const price = useQuery(spotPriceQueries.byKey(projectKey))
  return (
    <section className="card project-price" aria-labelledby="price-heading">
      <h2 id="price-heading">Spot price</h2>
      {price.isPending ? (
        <Skeleton lines={2} label="Loading the spot price…" />
      ) : price.isError ? (
        <QueryError error={price.error} what="the spot price" onRetry={() => void price.refetch()} />
      ) : price.data === null ? (
        <p>
          {missingPriceReason(projectKey) === 'unknown'
            ? 'The market source does not know this project.'
            : 'No price has been quoted for this project yet.'}
        </p>
      ) : (
        <>
          <p className="price-value">
            <strong>{formatUsd(price.data.value)}</strong> per {price.data.unit}{' '}
            {price.data.simulated && <span className="badge badge-warning">Simulated</span>}
          </p>
          <p className="muted">
            {price.data.currency}, quoted by {price.data.source}, as of {formatDateTime(price.data.as_of)}.
          </p>
        </>
      )}
    </section>
  )
}
