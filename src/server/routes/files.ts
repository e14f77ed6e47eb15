import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { fileUploadQuery, type UploadedFile } from '../../api/contract/files'
import { newId } from '../data/ids'
import { findFile, insertFile } from '../db/queries/files'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { readQuery } from '../http/input'
import { notFound, validationFailed } from '../http/problem'
import { readUpload } from '../http/upload'

const toFile = (row: { id: string; name: string; bytes: number; sha256: string; created_at: Date | string }): UploadedFile => ({
  object: 'file',
  id: row.id,
  name: row.name,
  bytes: row.bytes,
  sha256: row.sha256,
  created_at: new Date(row.created_at).toISOString(),
})

/**
 * Uploaded files, kept in the caller's dataset (so every API process sees them, and a sandbox upload is seen
 * only with the sandbox key) until a run imports one with `file_id`.
 */
export const fileRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/', async (c) => {
      const { name } = readQuery(c, fileUploadQuery)
      const upload = await readUpload(c, name)
      if (upload.bytes.byteLength === 0) throw validationFailed([{ path: 'file', message: 'The file is empty' }], 'The upload')
      const credential = c.get('credential')
      const row = await insertFile(scoped(deps.db, credential.dataset), {
        id: newId('file'),
        name: upload.name,
        bytes: upload.bytes.byteLength,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        content: upload.bytes,
        credential: credential.id,
        created_at: deps.now(),
      })
      c.header('Location', `/api/files/${row.id}`)
      return c.json(toFile(row), 201)
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const row = await findFile(scoped(deps.db, c.get('credential').dataset), id)
      if (!row) throw notFound('file', id)
      return c.json(toFile(row), 200)
    })
