import { Hono } from 'hono'
import { coverageQuery } from '../../api/contract/coverage'
import type { CoverageMatrices } from '../coverage/coverage-view'
import type { AppEnv, Deps } from '../deps'
import { readQuery } from '../http/input'

export const coverageRoutes = (deps: Deps, matrices: CoverageMatrices) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const query = readQuery(c, coverageQuery, ['project', 'source', 'type', 'region'])
    const matrix = await matrices.matrix(c.get('credential').dataset, query, deps.now())
    return c.json({ object: 'coverage' as const, ...matrix }, 200)
  })
