import { useQuery } from '@tanstack/react-query'
import { spotPriceQueries } from '../api/queries/spot-prices'
import { formatUnitPrice, missingValue } from '../lib/format'
import { PriceBasisNote } from './price-basis-note'
import './badges.css'

/** One row's spot price, read from the per-key cache that the batcher fills for the whole page at once. */
export function SpotPriceCell({ projectKey }: { projectKey: string }) {
  const price = useQuery(spotPriceQueries.byKey(projectKey))
  if (price.isPending) {
    return (
      <span className="inline-skeleton">
        <span className="visually-hidden">Loading price</span>
      </span>
    )
  }
  if (price.isError) return <span className="muted">Unavailable</span>
  if (price.data === null) {
    return (
      <span className="muted" title="No price quoted">
        <span aria-hidden="true">{missingValue}</span>
        <span className="visually-hidden">No price</span>
      </span>
    )
  }
  return (
    <span>
      {formatUnitPrice(price.data.value)}
      <PriceBasisNote price={price.data} />
    </span>
  )
}
