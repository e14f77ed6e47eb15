import { sendJson } from '../http/json-answer'
import type { Hono } from 'hono'
import { endpoints, endpointUrl } from '../../api/endpoints'
import { routeTable } from '../../api/route-table'
import type { AppEnv, Deps } from '../deps'
import { EmptyUpload, SandboxUploadsFull } from '../files/uploaded-files'
import { handle } from '../http/endpoint'
import { HttpProblem, notFound, validationFailed } from '../http/problem'
import { receiveUpload } from '../http/upload'
import { toFile } from '../present/file'

/**
 * Uploaded files, kept in the caller's dataset until a run imports one with `file_id`: live uploads where every
 * API process can read them until unused for the retention period, sandbox uploads only as long as their run
 * needs them (see UploadedFiles). An upload refused once stored is discarded, bytes and description.
 */
export function fileRoutes(app: Hono<AppEnv>, deps: Deps) {
  handle(app, routeTable.uploadFile, async (c, { query: { name } }) => {
      const credential = c.get('credential')
      try {
        const file = await receiveUpload(c, name, {
          store: (fileName, body, size) => deps.files.receive(credential, fileName, body, size),
          discard: (stored) => deps.files.discard(credential.dataset, stored.id),
        })
        c.header('Location', endpointUrl(endpoints.getFile, { id: file.id }))
        return sendJson(c, toFile(file), 201)
      } catch (error) {
        if (error instanceof EmptyUpload) throw validationFailed([{ path: 'file', message: 'The file is empty' }], 'The upload')
        if (error instanceof SandboxUploadsFull) {
          throw new HttpProblem(
            429,
            'sandbox-uploads-full',
            'Sandbox uploads full',
            `The sandbox holds at most ${error.limitBytes / 1024 / 1024} MiB of uploads per key at a time; each is let go when its run ends, or after an hour. Retry after ${error.retryAfterS} s, or run or use the uploads you have.`,
            { headers: { 'Retry-After': String(error.retryAfterS), Connection: 'close' } },
          )
        }
        throw error
      }
  })
  handle(app, routeTable.getFile, async (c, { params }) => {
    const file = await deps.files.describe(c.get('credential').dataset, params.id)
    if (!file) throw notFound('file', params.id)
    return sendJson(c, toFile(file), 200)
  })
}
