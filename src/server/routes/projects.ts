import { Hono } from 'hono'
import { multiValueProjectParams, projectFilters, projectListQuery, type ProjectPage } from '../../api/contract/projects'
import { coverageOf, findProject, listProjects, qualitySignalsOf } from '../db/queries/projects'
import type { FacetIndexes } from '../facets/facet-index'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { readQuery } from '../http/input'
import { notFound } from '../http/problem'
import { toProjectDetail, toProjectSummary } from '../present/project'

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

export const projectRoutes = (deps: Deps, facetIndexes: FacetIndexes) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = readQuery(c, projectListQuery, multiValueProjectParams)
      const db = scoped(deps.db, c.get('credential').dataset)
      const { rows, total } = await listProjects(db, query)
      const cells = groupBy(await coverageOf(db, rows.map((r) => r.id)), (cell) => cell.project_id)
      const now = deps.now()
      const page: ProjectPage = {
        object: 'list',
        data: rows.map((row) => toProjectSummary(row, cells.get(row.id) ?? [], now)),
        total,
        page: query.page,
        per_page: query.per_page,
        sort: query.sort,
      }
      return c.json(page, 200)
    })
    .get('/facets', async (c) => {
      const filters = readQuery(c, projectFilters, multiValueProjectParams)
      const facets = await facetIndexes.facets(c.get('credential').dataset, filters)
      return c.json({ object: 'facets' as const, ...facets }, 200)
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const db = scoped(deps.db, c.get('credential').dataset)
      const row = await findProject(db, id)
      if (!row) throw notFound('project', id)
      const [signals, cells] = await Promise.all([qualitySignalsOf(db, row.id), coverageOf(db, [row.id])])
      return c.json(toProjectDetail(row, signals, cells, deps.now()), 200)
    })
