import type { PriceBatch } from '../../api/contract/prices'
import { pricesForKeys } from '../db/queries/prices'
import type { ScopedDb } from '../db/queries/scoped'

/** Every requested key accounted for, in the order asked: priced, known but unpriced, or unknown. */
export async function spotPriceBatch(db: ScopedDb, projectKeys: string[]): Promise<PriceBatch> {
  const rows = await pricesForKeys(db, projectKeys)
  const byKey = new Map(rows.map((r) => [r.key.toUpperCase(), r]))
  const batch: PriceBatch = { object: 'list', data: [], unknown_keys: [], unpriced_keys: [] }
  for (const requested of projectKeys) {
    const row = byKey.get(requested.toUpperCase())
    if (!row) batch.unknown_keys.push(requested)
    else if (row.value === null || row.as_of === null) batch.unpriced_keys.push(row.key)
    else {
      batch.data.push({
        key: row.key,
        name: row.name,
        value: Math.round(row.value * 100) / 100,
        currency: 'USD',
        unit: 'tCO2e',
        as_of: new Date(row.as_of).toISOString(),
        source: row.source ?? 'marketsource',
        // Every price this API quotes is simulated market data; a real connector would say otherwise.
        simulated: true,
      })
    }
  }
  return batch
}
