import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { sourceRunListQuery, sourceRunRequest, type SourceRunPage } from '../../api/contract/sources'
import { sourceTraits } from '../core/sources-catalog'
import { findRun, findRunByIdempotencyKey, insertRun, listRuns } from '../db/queries/source-runs'
import { findSource } from '../db/queries/sources'
import { scoped } from '../db/queries/scoped'
import { newId } from '../core/ids'
import type { AppEnv, Deps } from '../deps'
import { readJsonBody, readQuery } from '../http/input'
import { HttpProblem, notFound, validationFailed } from '../http/problem'
import { toSourceRun } from '../present/source-run'

/** Canonical JSON, so the same request with its fields in another order is the same request. */
const requestHash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v)))
    .digest('hex')

function idempotencyKeyOf(header: string | undefined): string | null {
  if (header === undefined) return null
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new HttpProblem(400, 'malformed-request', 'Invalid Idempotency-Key', 'An Idempotency-Key is 1 to 255 visible ASCII characters, e.g. a UUID.')
  }
  return header
}

export const sourceRunRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/', async (c) => {
      const key = idempotencyKeyOf(c.req.header('idempotency-key'))
      const request = await readJsonBody(c, sourceRunRequest, 'The run request')
      const credential = c.get('credential')
      const db = scoped(deps.db, credential.dataset)
      const hash = requestHash(request)
      const replay = async () => {
        const previous = key ? await findRunByIdempotencyKey(db, credential.id, key) : undefined
        if (!previous) return undefined
        if (previous.request_hash !== hash) {
          throw new HttpProblem(422, 'idempotency-conflict', 'Idempotency-Key reused', 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.')
        }
        c.header('Idempotent-Replayed', 'true')
        c.header('Location', `/api/source-runs/${previous.id}`)
        return c.json(toSourceRun(previous), 202)
      }
      const replayed = await replay()
      if (replayed) return replayed
      const source = await findSource(db, request.source)
      if (!source) throw validationFailed([{ path: 'source', message: `No source "${request.source.slice(0, 100)}"; GET /api/sources lists them` }], 'The run request')
      const traits = sourceTraits(source)
      if (!traits.connected) {
        throw new HttpProblem(
          409,
          'not-connected',
          'Source not connected',
          `${source.name} is not connected: there is no ${source.name} to call from this machine, so a run would have nothing real to read. Berkeley's Voluntary Registry Offsets Database (src_vrod) carries this registry's projects: import its file with a src_vrod run.`,
        )
      }
      const file = request.file_id ? await deps.files.describe(credential.dataset, request.file_id) : undefined
      if (request.file_id && !traits.acceptsFiles) {
        throw validationFailed([{ path: 'file_id', message: `${source.name} does not import files; src_vrod does` }], 'The run request')
      }
      if (request.file_id && !file) {
        throw validationFailed([{ path: 'file_id', message: `No uploaded file "${request.file_id}"; upload it with POST /api/files` }], 'The run request')
      }
      let row
      try {
        row = await insertRun(db, {
          id: newId('run'),
          source_id: source.id,
          connector: source.connector,
          state: 'queued',
          simulated: credential.kind === 'sandbox',
          project_keys: request.project_keys ? [...new Set(request.project_keys.map((k) => k.toUpperCase()))] : null,
          file_id: file?.id ?? null,
          file_name: file?.name ?? null,
          requested_as_of: request.as_of ?? null,
          as_of: request.as_of ? `${request.as_of}T00:00:00Z` : null,
          created_at: deps.now(),
          credential: credential.id,
          idempotency_key: key,
          request_hash: hash,
        })
      } catch (error) {
        // Two requests with one key raced; the loser answers with the winner's run.
        const raced = await replay()
        if (raced) return raced
        throw error
      }
      deps.wakeWorker()
      c.header('Location', `/api/source-runs/${row.id}`)
      return c.json(toSourceRun(row), 202)
    })
    .get('/', async (c) => {
      const query = readQuery(c, sourceRunListQuery)
      const { rows, total } = await listRuns(scoped(deps.db, c.get('credential').dataset), query)
      const page: SourceRunPage = { object: 'list', data: rows.map(toSourceRun), total, page: query.page, per_page: query.per_page }
      return c.json(page, 200)
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const row = await findRun(scoped(deps.db, c.get('credential').dataset), id)
      if (!row) throw notFound('source run', id)
      return c.json(toSourceRun(row), 200)
    })
