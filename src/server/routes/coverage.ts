import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import type { CoverageMatrices } from '../coverage/coverage-view'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'

export function coverageRoutes(app: Hono<AppEnv>, deps: Deps, matrices: CoverageMatrices) {
  handle(app, routeTable.getCoverage, async (c, { query }) => {
    const matrix = await matrices.matrix(c.get('credential').dataset, query, deps.now())
    return sendJson(c, { object: 'coverage' as const, ...matrix }, 200)
  })
}
