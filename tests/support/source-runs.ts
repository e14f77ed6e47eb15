import { expect } from 'vitest'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { call, tokens, waitFor } from './http'

/** Uploads a file's bytes as `name` and answers the upload's id; anything but 201 fails the test. */
export async function uploadFile(apiUrl: string, name: string, bytes: Uint8Array, token = tokens.live): Promise<string> {
  const response = await fetch(`${apiUrl}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** Starts a run and answers it once it has succeeded or failed. */
export async function runToEnd(apiUrl: string, request: object, timeoutMs = 120_000, token = tokens.live): Promise<SourceRun> {
  const started = await call(apiUrl, '/api/source-runs', { json: request, token })
  expect(started.status, started.text).toBe(202)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(apiUrl, `/api/source-runs/${started.body.id}`, { token })).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, timeoutMs, 100)
}
