import { Hono } from 'hono'
import { brief } from '../../api/contract/recommendations'
import { findRecommendationJson, RecommendationWriter } from '../db/queries/recommendations'
import { scoped } from '../db/queries/scoped'
import { newId } from '../core/ids'
import type { AppEnv, Deps } from '../deps'
import { readJsonBody } from '../http/input'
import { notFound, validationFailed } from '../http/problem'
import type { ProjectViews } from '../projects/project-views'
import { unknownVocabulary } from '../projects/vocabulary'
import type { CandidatePools } from '../ranking/pool'
import { recommend } from '../ranking/recommend'

export function recommendationRoutes(deps: Deps, pools: CandidatePools, projects: ProjectViews) {
  const writer = new RecommendationWriter(deps.db)
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const request = await readJsonBody(c, brief, 'The brief')
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
      c.header('Location', `/api/recommendations/${result.id}`)
      return c.body(body, 201, { 'Content-Type': 'application/json' })
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const found = await findRecommendationJson(scoped(deps.db, c.get('credential').dataset), id)
      if (found === undefined) throw notFound('recommendation', id)
      return c.body(found, 200, { 'Content-Type': 'application/json' })
    })
}
