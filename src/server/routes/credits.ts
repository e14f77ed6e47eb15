import type { Hono } from 'hono'
import type { CreditBeneficiaries, CreditPage, CreditTotals } from '../../api/contract/credits'
import { routeTable } from '../../api/route-table'
import { creditTotalsByPeriod, listCredits, topBeneficiaries } from '../db/queries/credits'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { toCreditRecord } from '../present/credit'
import { spellingsByIds } from '../db/queries/beneficiary-spellings'
import type { VersionedAnswers } from '../db/versioned-answers'

/** The same filter in any order of its parameters is the same question. */
const questionOf = (endpoint: string, query: object) => `${endpoint}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`

/** Credit questions are answered once per dataset version and kept (`answers`): a filter's pages, its totals, its top retirers. */
export function creditRoutes(app: Hono<AppEnv>, deps: Deps, answers: VersionedAnswers) {
  handle(app, routeTable.listCredits, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const body = await answers.read(dataset, questionOf('credits', query), async (): Promise<CreditPage> => {
      const db = scoped(deps.db, dataset)
      const { rows, total, sumQuantity } = await listCredits(db, query)
      // Whom the page's records resolve to: their spellings, a page's worth, read by id.
      const spellings = await spellingsByIds(db, [...new Set(rows.flatMap((row) => (row.beneficiary_id === null ? [] : [String(row.beneficiary_id)])))])
      const data = rows.map((row) => toCreditRecord(row, row.beneficiary_id === null ? undefined : spellings.get(String(row.beneficiary_id))))
      return { object: 'list', data, total, page: query.page, per_page: query.per_page, sum_quantity: sumQuantity }
    })
    return c.json(body, 200)
  })
  handle(app, routeTable.getCreditTotals, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const body = await answers.read(dataset, questionOf('totals', query), async (): Promise<CreditTotals> => {
      const rows = await creditTotalsByPeriod(scoped(deps.db, dataset), query)
      return {
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
    })
    return c.json(body, 200)
  })
  handle(app, routeTable.listCreditBeneficiaries, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const body = await answers.read(dataset, questionOf('beneficiaries', query), async (): Promise<CreditBeneficiaries> => ({
      object: 'credit_beneficiaries',
      data: await topBeneficiaries(scoped(deps.db, dataset), query),
    }))
    return c.json(body, 200)
  })
}
