import { useQuery } from '@tanstack/react-query'
import { spotPriceQueries } from '../api/queries/spot-prices'
import { formatUnitPrice, missingValue } from '../lib/format'
import { CellNote } from './cell-note'
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
  // None left to buy: the price is then only what its credits would fetch, and a price alone read as an offer
  // (ACR130, completed, "$3.00" beside 0 remaining).
  if (price.data.on_sale === 0) {
    return (
      <span>
        <span className="muted">{formatUnitPrice(price.data.value)}</span>
        <CellNote>none left to buy</CellNote>
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
