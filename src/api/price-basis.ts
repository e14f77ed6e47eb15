import type { SpotPrice } from './contract/prices'
import { formatDate, formatNumber, formatUnitPrice } from '../lib/format'

type Basis = Pick<SpotPrice, 'basis' | 'low' | 'high' | 'simulated'> & { quote?: SpotPrice['quote'] }

/** An estimate's range, "$1.00–$10.00"; null for a quote, or an estimate without one. */
export function estimateRange(price: Basis): string | null {
  return price.basis === 'estimate' && price.low !== null && price.high !== null ? `${formatUnitPrice(price.low)}–${formatUnitPrice(price.high)}` : null
}

/** What a price is, in words: "estimate, $1.00–$10.00", "quote from Acme, vintage 2022, up to 5,000 t", "simulated quote". */
export function priceBasisWords(price: Basis): string {
  if (price.basis === 'estimate') {
    const range = estimateRange(price)
    return range ? `estimate, ${range}` : 'estimate'
  }
  if (price.simulated) return 'simulated quote'
  const quote = price.quote
  if (!quote) return 'quote'
  return [
    quote.supplier ? `quote from ${quote.supplier}` : 'quote',
    quote.vintage !== null ? `vintage ${quote.vintage}` : null,
    quote.quantity !== null ? `up to ${formatNumber(quote.quantity)} t` : null,
    quote.valid_until ? `until ${formatDate(quote.valid_until)}` : null,
  ]
    .filter(Boolean)
    .join(', ')
}

/** Whether any of these prices is an estimate, so a total built on them says it is estimated. */
export const anyEstimate = (prices: readonly Basis[]) => prices.some((price) => price.basis === 'estimate')
