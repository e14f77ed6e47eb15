import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { describeDataset } from '../projects/dataset-make-up'
import { toCatalogue } from '../present/dataset-make-up'

/** What the caller's catalogue is made of, so every view can say whether it shows generated projects. */
export function catalogueRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.getCatalogue, async (c) => {
    const dataset = c.get('credential').dataset
    return sendJson(c, toCatalogue(await describeDataset(scoped(deps.db, dataset), dataset)), 200)
  })
}
