import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import type { ProjectCreditHistory, ProjectPage } from '../../api/contract/projects'
import { routeTable } from '../../api/route-table'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { notFound } from '../http/problem'
import { toProjectDetail } from '../present/project'
import { readProjectPage, type ProjectPageReads } from '../projects/project-page-reads'
import type { VersionedAnswers } from '../db/versions/versioned-answers'
import type { ProjectViews } from '../projects/project-views'
import { toProjectSummary } from '../present/project-summary'

export function projectRoutes(app: Hono<AppEnv>, deps: Deps, projects: ProjectViews, answers: VersionedAnswers) {
  handle(app, routeTable.listProjects, async (c, { query }) => {
    const { projects: listed, total } = await projects.page(c.get('credential').dataset, query, deps.now())
    const data = listed.map(({ facts, freshness }) => toProjectSummary(facts, freshness))
    const page: ProjectPage = { object: 'list', data, total, page: query.page, per_page: query.per_page, sort: query.sort }
    return sendJson(c, page, 200)
  })
  handle(app, routeTable.listProjectFacets, async (c, { query }) => {
    const facets = await projects.facets(c.get('credential').dataset, query)
    return sendJson(c, { object: 'facets' as const, ...facets }, 200)
  })
  handle(app, routeTable.getProjectCreditHistory, async (c, { query }) => {
    const history: ProjectCreditHistory = { object: 'credit_history', ...(await projects.creditHistory(c.get('credential').dataset, query)) }
    return sendJson(c, history, 200)
  })
  handle(app, routeTable.getProject, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    // The pages people are looking at are kept (`answers`), not the catalogue.
    const page = await answers.read<ProjectPageReads | null>(dataset, `project ${params.id}`, () => readProjectPage(scoped(deps.db, dataset), params.id))
    if (!page) throw notFound('project', params.id)
    return sendJson(c, toProjectDetail(page.row, page.signals, page.cells, deps.now(), page.history, page.credits, page.others), 200)
  })
}
