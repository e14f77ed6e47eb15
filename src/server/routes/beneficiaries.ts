import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import type { Beneficiary, BeneficiaryDecisionPage } from '../../api/contract/beneficiaries'
import { routeTable } from '../../api/route-table'
import { beneficiaryPage, type BeneficiaryPage } from '../beneficiaries/beneficiary-page'
import { DecisionRefused, makeDecision, undoBeneficiaryDecision, type DecisionMaker } from '../beneficiaries/decide'
import { decisionsToCsv } from '../beneficiaries/decisions-csv'
import { allDecisions, listDecisions } from '../db/queries/beneficiary-decisions'
import { scoped } from '../db/queries/scoped'
import type { VersionedAnswers } from '../db/versions/versioned-answers'
import type { AppEnv, Deps } from '../deps'
import type { Credential } from '../http/auth'
import { handle } from '../http/endpoint'
import { notFound, validationFailed } from '../http/problem'
import { toBeneficiaryDecision } from '../present/beneficiary-decision'

const makerOf = (credential: Credential): DecisionMaker => ({ id: credential.id, dataset: credential.dataset, sandbox: credential.kind === 'sandbox' })

/** Beneficiaries' pages, and the analysts' decisions about their names. */
export function beneficiaryRoutes(app: Hono<AppEnv>, deps: Deps, answers: VersionedAnswers) {
  // Decisions first: `/api/beneficiaries/decisions` is not a beneficiary's page.
  handle(app, routeTable.listBeneficiaryDecisions, async (c, { query }) => {
    const { rows, total } = await listDecisions(scoped(deps.db, c.get('credential').dataset), query.page, query.per_page, query.name)
    const page: BeneficiaryDecisionPage = {
      object: 'list',
      data: rows.map((row) => toBeneficiaryDecision(row, { recordsMoved: 0, simulated: false })),
      total,
      page: query.page,
      per_page: query.per_page,
    }
    return sendJson(c, page, 200)
  })
  handle(app, routeTable.createBeneficiaryDecision, async (c, { body }) => {
    const maker = makerOf(c.get('credential'))
    try {
      const { row, recordsMoved } = await makeDecision(deps.db, deps.versions, body, maker, deps.now())
      return sendJson(c, toBeneficiaryDecision(row, { recordsMoved, simulated: maker.sandbox }), 201)
    } catch (error) {
      if (error instanceof DecisionRefused) throw validationFailed([{ path: error.field, message: error.message }], 'The decision')
      throw error
    }
  })
  handle(app, routeTable.exportBeneficiaryDecisions, async (c) => {
    const csv = decisionsToCsv(await allDecisions(scoped(deps.db, c.get('credential').dataset)))
    return c.body(`\uFEFF${csv}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="credence-beneficiary-decisions.csv"',
    })
  })
  handle(app, routeTable.undoBeneficiaryDecision, async (c, { params }) => {
    const maker = makerOf(c.get('credential'))
    const undone = await undoBeneficiaryDecision(deps.db, deps.versions, params.id, maker, deps.now())
    if (!undone) throw notFound('decision', params.id)
    return sendJson(c, toBeneficiaryDecision(undone.row, { recordsMoved: undone.recordsMoved, simulated: maker.sandbox }), 200)
  })
  // A page is read once per dataset version (`answers`): a decision or an import moves the version on.
  handle(app, routeTable.getBeneficiary, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    const page = await answers.read<BeneficiaryPage | null>(dataset, `beneficiary ${params.name}`, () => beneficiaryPage(scoped(deps.db, dataset), params.name))
    if (!page) throw notFound('beneficiary', params.name)
    const body: Beneficiary = { ...page.beneficiary, decisions: page.decisions.map((row) => toBeneficiaryDecision(row, { recordsMoved: 0, simulated: false })) }
    return sendJson(c, body, 200)
  })
}
