import type { SpotPrice } from '../../../api/contract/prices'
import { toCsv } from '../../../lib/csv'

/**
 * Every key looked up, priced or not, so the file lines up with the list that was pasted. A priced real project's
 * line carries the credit of the data that names it (Berkeley's, when the catalogue holds it); a simulated price
 * belongs to a generated catalogue, which has none.
 */
export function pricesToCsv(priced: readonly SpotPrice[], unknown: readonly string[], unpriced: readonly string[], attribution: string | null = null) {
  return toCsv(
    ['key', 'name', 'status', 'price', 'basis', 'low', 'high', 'on_sale', 'currency', 'unit', 'as_of', 'source', 'simulated', 'attribution'],
    [
      ...priced.map((p) => [p.key, p.name, 'priced', p.value, p.basis, p.low, p.high, p.on_sale, p.currency, p.unit, p.as_of, p.source, p.simulated ? 'yes' : 'no', p.simulated ? null : attribution]),
      ...unpriced.map((key) => [key, null, 'not priced', null, null, null, null, null, null, null, null, null, null, null]),
      ...unknown.map((key) => [key, null, 'unknown', null, null, null, null, null, null, null, null, null, null, null]),
    ],
  )
}
