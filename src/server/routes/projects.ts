import type { Hono } from 'hono'
import type { ProjectCreditHistory, ProjectPage } from '../../api/contract/projects'
import { routeTable } from '../../api/route-table'
import { coverageOf, creditYearsOf, findProject, importedFrom, qualitySignalsOf } from '../db/queries/projects'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { notFound } from '../http/problem'
import { toCreditHistory, toProjectDetail } from '../present/project'
import { ProjectCreditsReader } from '../projects/project-credits'
import type { ProjectViews } from '../projects/project-views'

export function projectRoutes(app: Hono<AppEnv>, deps: Deps, projects: ProjectViews) {
  const creditFigures = new ProjectCreditsReader(deps.versions)
  handle(app, routeTable.listProjects, async (c, { query }) => {
    const { data, total } = await projects.page(c.get('credential').dataset, query, deps.now())
    const page: ProjectPage = { object: 'list', data, total, page: query.page, per_page: query.per_page, sort: query.sort }
    return c.json(page, 200)
  })
  handle(app, routeTable.listProjectFacets, async (c, { query }) => {
    const facets = await projects.facets(c.get('credential').dataset, query)
    return c.json({ object: 'facets' as const, ...facets }, 200)
  })
  handle(app, routeTable.getProjectCreditHistory, async (c, { query }) => {
    const history: ProjectCreditHistory = { object: 'credit_history', ...(await projects.creditHistory(c.get('credential').dataset, query)) }
    return c.json(history, 200)
  })
  handle(app, routeTable.getProject, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    const db = scoped(deps.db, dataset)
    const row = await findProject(db, params.id)
    if (!row) throw notFound('project', params.id)
    const [signals, cells, years, origin] = await Promise.all([
      qualitySignalsOf(db, row.id),
      coverageOf(db, [row.id]),
      creditYearsOf(db, row.id),
      importedFrom(db, row.id),
    ])
    const history = toCreditHistory(years, origin)
    const credits = await creditFigures.read(db, dataset, row, origin, history.years)
    return c.json(toProjectDetail(row, signals, cells, deps.now(), history, credits), 200)
  })
}
