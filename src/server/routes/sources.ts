import type { Hono } from 'hono'
import type { SourceList } from '../../api/contract/sources'
import { routeTable } from '../../api/route-table'
import { sourceCoverage } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import { scoped } from '../db/queries/scoped'
import { listSourcesWithLastRun } from '../db/queries/sources'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { toSource } from '../present/source'

export function sourceRoutes(app: Hono<AppEnv>, deps: Deps, catalogues: Catalogues) {
  handle(app, routeTable.listSources, async (c) => {
    const { dataset } = c.get('credential')
    const [rows, catalogue] = await Promise.all([listSourcesWithLastRun(scoped(deps.db, dataset)), catalogues.get(dataset)])
    const now = deps.now()
    const body: SourceList = { object: 'list', data: rows.map((row) => toSource({ ...row, ...sourceCoverage(catalogue, row.source.id) }, now)) }
    return c.json(body, 200)
  })
}
