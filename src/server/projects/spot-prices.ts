import { priceAt, purchasable, rowOfKey, type Catalogue, type CataloguePrice } from '../catalogue/catalogue'

/** Prices asked for by key: every key accounted for, in the order asked. */
export interface KeyedPrices {
  /** Each with what its price sells (`purchasable`): a price of a project with nothing left buys nothing. */
  priced: { key: string; name: string; price: CataloguePrice; onSale: number }[]
  /** Keys of projects the catalogue has, with no price (neither quoted nor estimated). */
  unpriced: string[]
  /** Keys the catalogue does not have. */
  unknown: string[]
}

/** Every requested key accounted for, in the order asked: priced (quoted or estimated), known but unpriced, or unknown. */
export function pricesOf(catalogue: Catalogue, projectKeys: string[]): KeyedPrices {
  const prices: KeyedPrices = { priced: [], unpriced: [], unknown: [] }
  for (const requested of projectKeys) {
    const row = rowOfKey(catalogue, requested)
    if (row === undefined) prices.unknown.push(requested)
    else {
      const price = priceAt(catalogue, row)
      if (price === null) prices.unpriced.push(catalogue.key[row])
      else prices.priced.push({ key: catalogue.key[row], name: catalogue.name[row], price, onSale: purchasable(catalogue, row) })
    }
  }
  return prices
}
