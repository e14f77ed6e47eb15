import { Hono } from 'hono'
import type { AppEnv } from '../deps'
import { ratingMethodDocument } from '../quality/method'

/** The open rating's method: the same for every credential, computed once from the rules' own tables. */
export function ratingMethodRoutes() {
  return new Hono<AppEnv>().get('/', (c) => c.json(ratingMethodDocument, 200))
}
