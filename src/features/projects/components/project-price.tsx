import { useQuery } from '@tanstack/react-query'
import { missingPriceReason, spotPriceQueries } from '../../../api/queries/spot-prices'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { Link } from 'react-router-dom'
import { estimateSells } from '../../../api/pre-paris'
import { formatDate, formatDateTime, formatNumber, formatUnitPrice } from '../../../lib/format'
import type { ProjectLinks } from '../lib/links'

/**
 * The project's spot price, from the same per-key cache the browser and the price lookup fill, and how much of what
 * remains it sells: GS883's header gave 12,084 remaining beside $6.50, which sells 69 t (its vintages from 2016 on),
 * and only the Prices page said so.
 */
export function ProjectPrice({ projectKey, remaining, links }: { projectKey: string; remaining: number; links: ProjectLinks }) {
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
            : 'No price: the project is not issuing credits (in the pipeline, or inactive).'}
        </p>
      ) : (
        <>
          <p className="price-value">
            <strong>{formatUnitPrice(price.data.value)}</strong> per {price.data.unit}{' '}
            {price.data.simulated && <span className="badge badge-warning">Simulated</span>}
          </p>
          {price.data.on_sale === 0 && (
            <p className="price-none-left">
              None of its credits are left to buy: the price is what they would fetch, not an offer.
            </p>
          )}
          {price.data.on_sale !== undefined && price.data.on_sale > 0 && price.data.on_sale < remaining && (
            <p className="price-on-sale">
              It sells {formatNumber(price.data.on_sale)} t of the {formatNumber(remaining)} remaining
              {price.data.basis === 'estimate'
                ? `: ${estimateSells}.`
                : price.data.quote
                  ? ": the vintage quoted, within the quote's quantity."
                  : '.'}
            </p>
          )}
          {price.data.basis === 'estimate' ? (
            <p className="muted">
              An estimate, not a quote: no one has quoted this project, so its price is {formatUnitPrice(price.data.value)} within a range of{' '}
              {formatUnitPrice(price.data.low ?? price.data.value)}–{formatUnitPrice(price.data.high ?? price.data.value)}, from its type, vintage and labels (
              <Link to={`${links.ratingMethod()}#method-prices-title`}>how prices are estimated</Link>), as of {formatDate(price.data.as_of)}.
            </p>
          ) : (
            <p className="muted">
              {price.data.currency}, quoted by {price.data.source}, as of {formatDateTime(price.data.as_of)}.
            </p>
          )}
        </>
      )}
    </section>
  )
}
