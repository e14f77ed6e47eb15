import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import type { SourceRunPage } from '../../api/contract/sources'
import { endpointName, endpoints, endpointUrl } from '../../api/endpoints'
import { routeTable } from '../../api/route-table'
import { findRun, listRuns } from '../db/queries/source-runs'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { HttpProblem, notFound, validationFailed } from '../http/problem'
import { handle } from '../http/endpoint'
import { toSourceRun } from '../present/source-run'
import { RunRefused, startRun, type RunRefusal } from '../runs/start-run'

const [idempotencyHeader] = routeTable.createSourceRun.headers
const idempotencyKeyPattern = new RegExp(idempotencyHeader.pattern)

function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null
  if (!idempotencyKeyPattern.test(header)) {
    throw new HttpProblem(400, 'malformed-request', 'Invalid Idempotency-Key', 'An Idempotency-Key is 1 to 255 visible ASCII characters, e.g. a UUID.')
  }
  return header
}

function refusalProblem(refusal: RunRefusal, request: { source: string }): HttpProblem {
  switch (refusal.reason) {
    case 'idempotency-conflict':
      return new HttpProblem(422, 'idempotency-conflict', 'Idempotency-Key reused', 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.')
    case 'unknown-source':
      return validationFailed([{ path: refusal.field, message: `No source "${request.source.slice(0, 100)}"; ${endpointName(endpoints.listSources)} lists them` }], 'The run request')
    case 'not-connected':
      return new HttpProblem(
        409,
        'not-connected',
        'Source not connected',
        `${refusal.sourceName} is not connected: there is no ${refusal.sourceName} to call from this machine, so a run would have nothing real to read. Berkeley's Voluntary Registry Offsets Database (src_vrod) carries this registry's projects: import its file with a src_vrod run.`,
      )
    case 'files-not-accepted':
      return validationFailed([{ path: refusal.field, message: `${refusal.sourceName} does not import files; Berkeley's database (src_vrod) and the registries whose exports Credence reads do` }], 'The run request')
    case 'file-required':
      return validationFailed(
        [{ path: refusal.field, message: `${refusal.sourceName} imports its registry's export files: upload one with ${endpointName(endpoints.uploadFile)} and give its file_id` }],
        'The run request',
      )
    case 'unknown-file':
      return validationFailed([{ path: refusal.field, message: `No uploaded file "${refusal.fileId}"; upload it with ${endpointName(endpoints.uploadFile)}` }], 'The run request')
    case 'one-file-only':
      return validationFailed([{ path: refusal.field, message: `${refusal.sourceName} imports one file per run; several files are a registry's export` }], 'The run request')
  }
}

export function sourceRunRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.createSourceRun, async (c, { body }) => {
    const idempotencyKey = idempotencyKeyOf(c.req.header(idempotencyHeader.name))
    const credential = c.get('credential')
    let started
    try {
      started = await startRun(scoped(deps.db, credential.dataset), deps.files, body, {
        credentialId: credential.id,
        sandbox: credential.kind === 'sandbox',
        dataset: credential.dataset,
        idempotencyKey,
        now: deps.now(),
      })
    } catch (error) {
      if (error instanceof RunRefused) throw refusalProblem(error.refusal, body)
      throw error
    }
    if (started.replayed) c.header('Idempotent-Replayed', 'true')
    else deps.wakeWorker()
    c.header('Location', endpointUrl(endpoints.getSourceRun, { id: started.run.id }))
    return sendJson(c, toSourceRun(started.run), 202)
  })
  handle(app, routeTable.listSourceRuns, async (c, { query }) => {
    const { rows, total } = await listRuns(scoped(deps.db, c.get('credential').dataset), query)
    const page: SourceRunPage = { object: 'list', data: rows.map(toSourceRun), total, page: query.page, per_page: query.per_page }
    return sendJson(c, page, 200)
  })
  handle(app, routeTable.getSourceRun, async (c, { params }) => {
    const dataset = c.get('credential').dataset
    // A running run's own statements hold the embedded store: its row is the worker's meanwhile.
    const row = deps.runInHand(dataset, params.id) ?? (await findRun(scoped(deps.db, dataset), params.id))
    if (!row) throw notFound('source run', params.id)
    return sendJson(c, toSourceRun(row), 200)
  })
}
