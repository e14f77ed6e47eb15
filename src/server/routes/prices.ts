import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { spotPriceBatch } from '../projects/spot-prices'

/** Batch spot prices. Every requested key is accounted for: priced, known but unpriced, or unknown. */
export function priceRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.batchSpotPrices, async (c, { query }) =>
    c.json(await spotPriceBatch(scoped(deps.db, c.get('credential').dataset), query.projectKeys), 200),
  )
}
