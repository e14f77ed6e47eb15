import { createHash } from 'node:crypto'
import type { SourceRunRequest } from '../../api/contract/sources'
import { newId } from '../core/ids'
import { sourceFor, sourceTraits } from '../sources/source-list'
import { findRunByIdempotencyKey, insertRun } from '../db/queries/source-runs'
import { findSource } from '../db/queries/sources'
import type { ScopedDb } from '../db/queries/scoped'
import type { SourceRunRow } from '../db/schema'
import type { UploadedFiles } from '../files/uploaded-files'

/** Why a run was not started; the edge says it in its own words (a 409 or a 422). */
export type RunRefusal =
  | { reason: 'idempotency-conflict' }
  | { reason: 'unknown-source'; field: 'source' }
  | { reason: 'not-connected'; sourceName: string }
  | { reason: 'files-not-accepted'; field: 'file_id' | 'file_ids'; sourceName: string }
  | { reason: 'unknown-file'; field: string; fileId: string }
  | { reason: 'file-required'; field: 'file_id'; sourceName: string }
  | { reason: 'one-file-only'; field: 'file_ids'; sourceName: string }

export class RunRefused extends Error {
  constructor(readonly refusal: RunRefusal) {
    super(refusal.reason)
    this.name = 'RunRefused'
  }
}

export interface RunRequester {
  /** The credential's stable id: idempotency keys are scoped to it. */
  credentialId: string
  sandbox: boolean
  dataset: Parameters<UploadedFiles['describe']>[0]
  idempotencyKey: string | null
  now: Date
}

/** Canonical JSON, so the same request with its fields in another order is the same request. */
const requestHash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v)))
    .digest('hex')

/**
 * Queues a run of a source, or answers the run an earlier request with the same idempotency key queued. Refuses
 * (RunRefused) a source that does not exist or is not connected, and a file that is unknown or that the source
 * does not import. Two requests racing with one key queue one run: the loser answers with the winner's.
 */
export async function startRun(
  db: ScopedDb,
  files: UploadedFiles,
  request: SourceRunRequest,
  requester: RunRequester,
): Promise<{ run: SourceRunRow; replayed: boolean }> {
  const hash = requestHash(request)
  const replay = async () => {
    if (!requester.idempotencyKey) return undefined
    const previous = await findRunByIdempotencyKey(db, requester.credentialId, requester.idempotencyKey)
    if (!previous) return undefined
    if (previous.request_hash !== hash) throw new RunRefused({ reason: 'idempotency-conflict' })
    return { run: previous, replayed: true }
  }
  const replayed = await replay()
  if (replayed) return replayed
  const source = await findSource(db, request.source)
  if (!source) throw new RunRefused({ reason: 'unknown-source', field: 'source' })
  const traits = sourceTraits(source)
  if (!traits.connected) throw new RunRefused({ reason: 'not-connected', sourceName: source.name })
  const fileIds = request.file_ids ?? (request.file_id ? [request.file_id] : [])
  const field = request.file_ids ? 'file_ids' : 'file_id'
  if (fileIds.length > 0 && !traits.acceptsFiles) throw new RunRefused({ reason: 'files-not-accepted', field, sourceName: source.name })
  // A registry's data comes only as its export files: a run without one would have nothing to read.
  const registry = sourceFor(source.id)?.runs === 'registry'
  if (fileIds.length === 0 && registry) throw new RunRefused({ reason: 'file-required', field: 'file_id', sourceName: source.name })
  // Berkeley's database is one file; several are a registry's export.
  if (fileIds.length > 1 && !registry) throw new RunRefused({ reason: 'one-file-only', field: 'file_ids', sourceName: source.name })
  const described: { id: string; name: string; bytes: number; sha256: string }[] = []
  for (const [index, fileId] of [...new Set(fileIds)].entries()) {
    const file = await files.describe(requester.dataset, fileId)
    if (!file) throw new RunRefused({ reason: 'unknown-file', field: request.file_ids ? `file_ids[${index}]` : 'file_id', fileId })
    // The run's own record of what it read: it outlives the upload, removed once unused (see UploadedFiles).
    described.push({ id: file.id, name: file.name, bytes: file.bytes, sha256: file.sha256 })
  }
  const file = described[0]
  try {
    const run = await insertRun(db, {
      id: newId('run'),
      source_id: source.id,
      connector: source.connector,
      state: 'queued',
      simulated: requester.sandbox,
      project_keys: request.project_keys ? [...new Set(request.project_keys.map((k) => k.toUpperCase()))] : null,
      file_id: file?.id ?? null,
      file_name: file?.name ?? null,
      files: JSON.stringify(described),
      requested_as_of: request.as_of ?? null,
      as_of: request.as_of ? `${request.as_of}T00:00:00Z` : null,
      as_of_basis: request.as_of ? 'requested' : null,
      created_at: requester.now,
      credential: requester.credentialId,
      idempotency_key: requester.idempotencyKey,
      request_hash: hash,
    })
    return { run, replayed: false }
  } catch (error) {
    const raced = await replay()
    if (raced) return raced
    throw error
  }
}
