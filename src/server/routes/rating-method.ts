import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { routeTable } from '../../api/route-table'
import type { AppEnv } from '../deps'
import { handle } from '../http/endpoint'
import { ratingMethodDocument } from '../quality/rating-method'

/** The open rating's method: the same for every credential, computed once from the rules' own tables. */
export function ratingMethodRoutes(app: Hono<AppEnv>) {
  handle(app, routeTable.getRatingMethod, (c) => sendJson(c, ratingMethodDocument, 200))
}
