import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import type { SourceList } from '../../api/contract/sources'
import { routeTable } from '../../api/route-table'
import { newestRealCell, sourceCoverage } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import { lastSuccessOf } from '../catalogue/source-status'
import { isDerived } from '../sources/source-list'
import { scoped } from '../db/queries/scoped'
import { listSourcesWithLastRun, newestSuccessBySource } from '../db/queries/sources'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { toSource } from '../present/source'

export function sourceRoutes(app: Hono<AppEnv>, deps: Deps, catalogues: Catalogues) {
  handle(app, routeTable.listSources, async (c) => {
    const { dataset } = c.get('credential')
    const db = scoped(deps.db, dataset)
    const [rows, succeeded, catalogue] = await Promise.all([listSourcesWithLastRun(db), newestSuccessBySource(db), catalogues.get(dataset)])
    const rated = new Map(rows.filter((row) => isDerived(row.source)).map(({ source }) => [source.id, newestRealCell(catalogue, source.id)] as const))
    const now = deps.now()
    const data = rows.map((row) =>
      toSource(
        { ...row, lastSuccessMs: lastSuccessOf(row.source, succeeded, rated.get(row.source.id)), projects: sourceCoverage(catalogue, row.source.id).projects },
        now,
      ),
    )
    const body: SourceList = { object: 'list', data }
    return sendJson(c, body, 200)
  })
}
