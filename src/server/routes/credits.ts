import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { numberedRecordsDepth, type CreditBeneficiaries, type CreditPage, type CreditTotals } from '../../api/contract/credits'
import { routeTable } from '../../api/route-table'
import { CreditPageTooDeep, countOfWholeFilter, readCreditPage } from '../credits/credit-page'
import { countCredits, creditTotalsByPeriod, topBeneficiaries } from '../db/queries/credits'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { creditCursor, creditPageStart, pageTooDeep } from '../http/credit-page-start'
import { cursorScope } from '../http/cursor'
import { handle } from '../http/endpoint'
import { toCreditPage } from '../present/credit'
import { toCreditTotals } from '../present/credit-totals'
import { spellingsByIds } from '../db/queries/beneficiary-spellings'
import type { VersionedAnswers } from '../db/versions/versioned-answers'

/** The same filter in any order of its parameters is the same question. */
const questionOf = (endpoint: string, query: object) => `${endpoint}?${JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))}`

/** Credit questions are answered once per dataset version and kept (`answers`): a filter's pages, its count, its totals, its top retirers. */
export function creditRoutes(app: Hono<AppEnv>, deps: Deps, answers: VersionedAnswers) {
  handle(app, routeTable.listCredits, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const { page, per_page: perPage, after, before, ...filter } = query
    const scope = cursorScope('credits', filter)
    const start = creditPageStart({ page, after, before }, scope)
    const body = await answers.read(dataset, questionOf('credits', query), async (): Promise<CreditPage> => {
      const db = scoped(deps.db, dataset)
      const read = await readCreditPage(db, filter, start, perPage).catch((error: unknown) => {
        throw error instanceof CreditPageTooDeep ? pageTooDeep(error, scope) : error
      })
      // A filter is counted once per version, however many of its pages are read, unless its first page holds it all.
      const count = countOfWholeFilter(read, start) ?? (await answers.read(dataset, questionOf('count', filter), () => countCredits(db, filter, numberedRecordsDepth)))
      // Whom the page's records resolve to: their spellings, a page's worth, read by id.
      const spellings = await spellingsByIds(db, [...new Set(read.rows.flatMap((row) => (row.beneficiary_id === null ? [] : [String(row.beneficiary_id)])))])
      return toCreditPage(read, count, perPage, spellings, (at) => creditCursor(scope, at))
    })
    return sendJson(c, body, 200)
  })
  handle(app, routeTable.getCreditTotals, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const body = await answers.read(dataset, questionOf('totals', query), async (): Promise<CreditTotals> => {
      return toCreditTotals(query.interval, await creditTotalsByPeriod(scoped(deps.db, dataset), query))
    })
    return sendJson(c, body, 200)
  })
  handle(app, routeTable.listCreditBeneficiaries, async (c, { query }) => {
    const dataset = c.get('credential').dataset
    const body = await answers.read(dataset, questionOf('beneficiaries', query), async (): Promise<CreditBeneficiaries> => ({
      object: 'credit_beneficiaries',
      data: await topBeneficiaries(scoped(deps.db, dataset), query),
    }))
    return sendJson(c, body, 200)
  })
}
