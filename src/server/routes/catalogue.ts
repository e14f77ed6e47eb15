import type { Hono } from 'hono'
import type { Catalogue } from '../../api/contract/catalogue'
import { routeTable } from '../../api/route-table'
import { vrodAttribution } from '../core/sources-catalog'
import { catalogueMakeUp } from '../db/queries/imports'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'

/** What the caller's catalogue is made of, so every view can say whether it shows generated projects. */
export function catalogueRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.getCatalogue, async (c) => {
    const dataset = c.get('credential').dataset
    const makeUp = await catalogueMakeUp(scoped(deps.db, dataset))
    const real = makeUp.projects - makeUp.synthetic
    const body: Catalogue = {
      object: 'catalogue',
      dataset,
      projects: makeUp.projects,
      synthetic_projects: makeUp.synthetic,
      as_of: real > 0 && makeUp.asOf ? makeUp.asOf.toISOString() : null,
      attribution: real > 0 ? vrodAttribution : null,
    }
    return c.json(body, 200)
  })
}
