import type { Hono } from 'hono'
import type { CreditPage } from '../../api/contract/credits'
import { routeTable } from '../../api/route-table'
import { listCredits } from '../db/queries/credits'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { toCreditRecord } from '../present/credit'

export function creditRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.listCredits, async (c, { query }) => {
    const { rows, total, sumQuantity } = await listCredits(scoped(deps.db, c.get('credential').dataset), query)
    const body: CreditPage = { object: 'list', data: rows.map(toCreditRecord), total, page: query.page, per_page: query.per_page, sum_quantity: sumQuantity }
    return c.json(body, 200)
  })
}
