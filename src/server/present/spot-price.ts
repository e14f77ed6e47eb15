import type { PriceBatch, SpotPrice } from '../../api/contract/prices'
import type { KeyedPrices } from '../projects/spot-prices'
import type { CataloguePrice } from '../catalogue/catalogue'

const cents = (usd: number) => Math.round(usd * 100) / 100

/** A project's price as the contract shapes it, wherever it is answered: the batch lookup and the shortlist alike. */
export function toSpotPrice(key: string, name: string, price: CataloguePrice, onSale: number): SpotPrice {
  return {
    key,
    name,
    value: cents(price.value),
    basis: price.basis,
    low: price.low === null ? null : cents(price.low),
    high: price.high === null ? null : cents(price.high),
    quote: price.quote && { vintage: price.quote.vintage, quantity: price.quote.quantity, supplier: price.quote.supplier, valid_until: price.quote.validUntil },
    currency: 'USD',
    unit: 'tCO2e',
    as_of: price.asOf.toISOString(),
    source: price.source,
    simulated: price.simulated,
    on_sale: onSale,
  }
}

/** Prices asked for by key, as the contract's batch: the priced ones, and the keys unpriced and unknown. */
export const toPriceBatch = ({ priced, unpriced, unknown }: KeyedPrices): PriceBatch => ({
  object: 'list',
  data: priced.map(({ key, name, price, onSale }) => toSpotPrice(key, name, price, onSale)),
  unknown_keys: unknown,
  unpriced_keys: unpriced,
})
