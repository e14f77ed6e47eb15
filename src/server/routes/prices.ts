import { Hono } from 'hono'
import { priceBatchQuery, type PriceBatch } from '../../api/contract/prices'
import { pricesForKeys } from '../db/queries/prices'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { readQuery } from '../http/input'

/** Batch spot prices. Every requested key is accounted for: priced, known but unpriced, or unknown. */
export const priceRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/batch', async (c) => {
    const { projectKeys } = readQuery(c, priceBatchQuery)
    const dataset = c.get('credential').dataset
    const rows = await pricesForKeys(scoped(deps.db, dataset), projectKeys)
    const byKey = new Map(rows.map((r) => [r.key.toUpperCase(), r]))
    const body: PriceBatch = { object: 'list', data: [], unknown_keys: [], unpriced_keys: [] }
    for (const requested of projectKeys) {
      const row = byKey.get(requested.toUpperCase())
      if (!row) body.unknown_keys.push(requested)
      else if (row.value === null || row.as_of === null) body.unpriced_keys.push(row.key)
      else {
        body.data.push({
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
    return c.json(body, 200)
  })
