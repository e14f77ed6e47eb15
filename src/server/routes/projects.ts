import { Hono } from 'hono'
import { multiValueProjectParams, projectFilters, projectListQuery, type ProjectPage } from '../../api/contract/projects'
import { coverageOf, creditYearsOf, findProject, importedFrom, qualitySignalsOf } from '../db/queries/projects'
import type { ProjectIndexes } from '../projects/project-index'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { readQuery } from '../http/input'
import { notFound } from '../http/problem'
import { toCreditHistory, toProjectDetail } from '../present/project'

export const projectRoutes = (deps: Deps, projectIndexes: ProjectIndexes) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = readQuery(c, projectListQuery, multiValueProjectParams)
      const { data, total } = await projectIndexes.page(c.get('credential').dataset, query, deps.now())
      const page: ProjectPage = { object: 'list', data, total, page: query.page, per_page: query.per_page, sort: query.sort }
      return c.json(page, 200)
    })
    .get('/facets', async (c) => {
      const filters = readQuery(c, projectFilters, multiValueProjectParams)
      const facets = await projectIndexes.facets(c.get('credential').dataset, filters)
      return c.json({ object: 'facets' as const, ...facets }, 200)
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const db = scoped(deps.db, c.get('credential').dataset)
      const row = await findProject(db, id)
      if (!row) throw notFound('project', id)
      const [signals, cells, years, origin] = await Promise.all([
        qualitySignalsOf(db, row.id),
        coverageOf(db, [row.id]),
        creditYearsOf(db, row.id),
        importedFrom(db, row.id),
      ])
      return c.json(toProjectDetail(row, signals, cells, deps.now(), toCreditHistory(years, origin)), 200)
    })
