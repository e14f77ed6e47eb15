import type { PriceBatch } from '../../api/contract/prices'
import { priceAt, rowOfKey, type Catalogue } from '../catalogue/catalogue'
import { toSpotPrice } from '../present/spot-price'

/** Every requested key accounted for, in the order asked: priced (quoted or estimated), known but unpriced, or unknown. */
export function spotPriceBatch(catalogue: Catalogue, projectKeys: string[]): PriceBatch {
  const batch: PriceBatch = { object: 'list', data: [], unknown_keys: [], unpriced_keys: [] }
  for (const requested of projectKeys) {
    const row = rowOfKey(catalogue, requested)
    if (row === undefined) batch.unknown_keys.push(requested)
    else {
      const price = priceAt(catalogue, row)
      if (price === null) batch.unpriced_keys.push(catalogue.key[row])
      else batch.data.push(toSpotPrice(catalogue.key[row], catalogue.name[row], price))
    }
  }
  return batch
}
