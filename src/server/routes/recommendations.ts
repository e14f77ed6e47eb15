import type { Hono } from 'hono'
import { endpoints, endpointUrl } from '../../api/endpoints'
import { routeTable } from '../../api/route-table'
import { findRecommendationJson, RecommendationWriter } from '../db/queries/recommendations'
import { scoped } from '../db/queries/scoped'
import { newId } from '../core/ids'
import type { AppEnv, Deps } from '../deps'
import { handle } from '../http/endpoint'
import { notFound, validationFailed } from '../http/problem'
import type { ProjectViews } from '../projects/project-views'
import { unknownVocabulary } from '../projects/vocabulary'
import type { CandidatePools } from '../ranking/pool'
import { recommend } from '../ranking/recommend'

export function recommendationRoutes(app: Hono<AppEnv>, deps: Deps, pools: CandidatePools, projects: ProjectViews) {
  const writer = new RecommendationWriter(deps.db)
  handle(app, routeTable.createRecommendation, async (c, { body: request }) => {
      const { dataset } = c.get('credential')
      const unknown = unknownVocabulary(await projects.vocabulary(dataset), request)
      if (unknown.length) throw validationFailed(unknown, 'The brief')
      const result = recommend(await pools.get(dataset), request, {
        id: newId('rec'),
        now: deps.now(),
        simulated: dataset === 'sandbox',
      })
      // Stored even for the sandbox key: a shared link must open the same shortlist. Serialised once, for the
      // row and the response.
      const body = JSON.stringify(result)
      await writer.save(dataset, result, body)
      c.header('Location', endpointUrl(endpoints.getRecommendation, { id: result.id }))
      return c.body(body, 201, { 'Content-Type': 'application/json' })
  })
  handle(app, routeTable.getRecommendation, async (c, { params }) => {
    const found = await findRecommendationJson(scoped(deps.db, c.get('credential').dataset), params.id)
    if (found === undefined) throw notFound('recommendation', params.id)
    return c.body(found, 200, { 'Content-Type': 'application/json' })
  })
}
