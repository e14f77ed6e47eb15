import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import type { CoverageMatrices } from '../coverage/coverage-view'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { badQuery } from '../http/input'

export function coverageRoutes(app: Hono<AppEnv>, deps: Deps, matrices: CoverageMatrices) {
  handle(app, routeTable.getCoverage, async (c, { query }) => {
    const answer = await matrices.matrix(c.get('credential').dataset, query, deps.now())
    if ('noColumn' in answer) throw noColumnProblem(query.source ?? [], answer.noColumn, answer.columns)
    return sendJson(c, { object: 'coverage' as const, ...answer.matrix }, 200)
  })
}

/** A `source` filter naming what draws no column: refused, as an unknown value of any filter is, with the columns there are. */
function noColumnProblem(asked: readonly string[], noColumn: readonly string[], columns: readonly string[]) {
  return badQuery(
    noColumn.map((id) => ({
      path: `source.${asked.indexOf(id)}`,
      message: `“${id}” draws no column of the coverage map; its columns are ${columns.join(', ')}`,
    })),
  )
}
