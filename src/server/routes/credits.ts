import type { Hono } from 'hono'
import type { CreditBeneficiaries, CreditPage, CreditTotals } from '../../api/contract/credits'
import { routeTable } from '../../api/route-table'
import { creditTotalsByPeriod, listCredits, topBeneficiaries } from '../db/queries/credits'
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
  handle(app, routeTable.getCreditTotals, async (c, { query }) => {
    const rows = await creditTotalsByPeriod(scoped(deps.db, c.get('credential').dataset), query)
    const body: CreditTotals = {
      object: 'credit_totals',
      interval: query.interval,
      periods: rows.map((row) => ({
        period: row.period,
        issued: Number(row.issued),
        retired: Number(row.retired),
        cancelled: Number(row.cancelled),
        retired_or_cancelled: Number(row.retired_or_cancelled),
      })),
    }
    return c.json(body, 200)
  })
  handle(app, routeTable.listCreditBeneficiaries, async (c, { query }) => {
    const body: CreditBeneficiaries = { object: 'credit_beneficiaries', data: await topBeneficiaries(scoped(deps.db, c.get('credential').dataset), query) }
    return c.json(body, 200)
  })
}
