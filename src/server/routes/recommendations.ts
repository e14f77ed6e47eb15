import { sendJson, sendJsonText } from '../http/json-answer'
import type { Hono } from 'hono'
import { endpoints, endpointUrl } from '../../api/endpoints'
import { routeTable, xlsxMediaType } from '../../api/route-table'
import type { DeletedShortlist, ShortlistPage } from '../../api/contract/shortlists'
import { deleteShortlist, findShortlist, listShortlistsOf, RecommendationWriter, renameShortlist, whenDeleted } from '../db/queries/recommendations'
import { scoped } from '../db/queries/scoped'
import { newId } from '../core/ids'
import type { AppEnv, Deps } from '../deps'
import type { Dataset } from '../db/schema'
import { handle } from '../http/endpoint'
import { gone, notFound, validationFailed } from '../http/problem'
import type { ProjectViews } from '../projects/project-views'
import { unknownVocabulary } from '../projects/vocabulary'
import type { CandidatePools } from '../ranking/pool'
import { recommend } from '../ranking/recommend'
import { findStoredShortlist, gatherShortlistPack } from '../pack/pack-contents'
import { shortlistEvidence } from '../pack/shortlist-evidence'
import { namedRecommendationJson, toRecommendation } from '../present/recommendation'
import { toShortlistSummary } from '../present/shortlist-summary'

/**
 * How long a brief's answer waits for its shortlist to be stored before it is sent with the row still queued
 * (RecommendationWriter): longer than a commit takes, far shorter than a run's writing may hold the store.
 */
const shortlistWaitMs = 500

export function recommendationRoutes(app: Hono<AppEnv>, deps: Deps, pools: CandidatePools, projects: ProjectViews) {
  const writer = new RecommendationWriter(deps.queuedDb)
  const storeWaitMs = deps.env.CREDENCE_STORE_WAIT_MS
  /** Why there is no shortlist of this id: it was deleted (410, saying when), or there never was one (404). */
  const missing = async (dataset: Dataset, what: string, id: string) => {
    const deletedAt = await whenDeleted(scoped(deps.db, dataset), id)
    return deletedAt ? gone('shortlist', id, deletedAt) : notFound(what, id)
  }
  handle(app, routeTable.createRecommendation, async (c, { body: request }) => {
      const { dataset } = c.get('credential')
      const unknown = unknownVocabulary(await projects.vocabulary(dataset), request)
      if (unknown.length) throw validationFailed(unknown, 'The brief')
      const result = toRecommendation(
        recommend(await pools.get(dataset), request, {
        id: newId('rec'),
        now: deps.now(),
          simulated: dataset === 'sandbox',
        }),
      )
      // Stored even for the sandbox key: a shared link must open the same shortlist. Serialised once, for the
      // row and the response.
      const body = JSON.stringify(result)
      await writer.save(dataset, c.get('credential').id, result, body, shortlistWaitMs)
      c.header('Location', endpointUrl(endpoints.getRecommendation, { id: result.id }))
      return sendJsonText(c, namedRecommendationJson(body, null), 201)
  })
  handle(app, routeTable.getRecommendation, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    // A shortlist still being written has no name yet: naming one needs it stored.
    const unwritten = writer.unwrittenJson(dataset, params.id)
    const found = unwritten === undefined ? await findShortlist(scoped(deps.db, dataset), params.id) : { body: unwritten, name: null }
    if (found === undefined) throw await missing(dataset, 'recommendation', params.id)
    return sendJsonText(c, namedRecommendationJson(found.body, found.name), 200)
  })
  handle(app, routeTable.listRecommendations, async (c, { query }) => {
    const { dataset, id: credential } = c.get('credential')
    await writer.written(dataset, storeWaitMs)
    const { rows, total } = await listShortlistsOf(scoped(deps.db, dataset), credential, query)
    const page: ShortlistPage = { object: 'list', data: rows.map(toShortlistSummary), total, page: query.page, per_page: query.per_page }
    return sendJson(c, page, 200)
  })
  handle(app, routeTable.renameRecommendation, async (c, { params, body }) => {
    const { dataset, id: credential } = c.get('credential')
    // Only its maker names a shortlist; anyone else's (or the live one a sandbox key cannot see) is not found.
    await writer.written(dataset, storeWaitMs)
    const renamed = await renameShortlist(scoped(deps.db, dataset), credential, params.id, body.name || null)
    if (!renamed) throw await missing(dataset, 'shortlist of yours', params.id)
    return sendJson(c, toShortlistSummary(renamed), 200)
  })
  handle(app, routeTable.deleteRecommendation, async (c, { params }) => {
    const { dataset, id: credential } = c.get('credential')
    // Only its maker deletes a shortlist, as only its maker names it; one still being written is stored first.
    await writer.written(dataset, storeWaitMs)
    if (!(await deleteShortlist(deps.db, dataset, credential, params.id, deps.now()))) throw await missing(dataset, 'shortlist of yours', params.id)
    return sendJson(c, { id: params.id, object: 'recommendation', deleted: true } satisfies DeletedShortlist, 200)
  })
  handle(app, routeTable.getRecommendationPack, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    await writer.written(dataset, storeWaitMs)
    const contents = await gatherShortlistPack(scoped(deps.db, dataset), dataset, params.id, deps.now())
    if (!contents) throw await missing(dataset, 'recommendation', params.id)
    // SheetJS, which writes the pack, is loaded when a pack is first asked for, not at every start (about 45 ms).
    const { packFileName, writeShortlistPack } = await import('../pack/shortlist-pack')
    const workbook = writeShortlistPack(contents)
    return c.body(new Uint8Array(workbook), 200, {
      'Content-Type': xlsxMediaType,
      'Content-Disposition': `attachment; filename="${packFileName(contents)}"`,
    })
  })
  handle(app, routeTable.getRecommendationEvidence, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    await writer.written(dataset, storeWaitMs)
    const db = scoped(deps.db, dataset)
    const stored = await findStoredShortlist(db, params.id)
    if (!stored) throw await missing(dataset, 'recommendation', params.id)
    return sendJson(c, await shortlistEvidence(db, stored.recommendation), 200)
  })
}
