import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import type { AppEnv } from '../deps'
import { handle } from '../http/endpoint'
import type { ProjectViews } from '../projects/project-views'
import { toPriceBatch } from '../present/spot-price'

/** Batch spot prices. Every requested key is accounted for: priced, known but unpriced, or unknown. */
export function priceRoutes(app: Hono<AppEnv>, projects: ProjectViews) {
  handle(app, routeTable.batchSpotPrices, async (c, { query }) => sendJson(c, toPriceBatch(await projects.prices(c.get('credential').dataset, query.projectKeys)), 200))
}
