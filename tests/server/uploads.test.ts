import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'

/**
 * Uploads stream to storage as they arrive: the API answers other requests meanwhile, and the sandbox's uploads
 * are held by the process only as long as their run needs them, within a quota per key, never in the data folder.
 */
let server: ApiServer
const dataDir = tempDataDir()
beforeAll(async () => {
  server = await startApiServer({ projects: 200, dataDir, env: { CREDENCE_RUN_STEP_MS: '0', CREDENCE_SANDBOX_RATE_LIMIT: '100000' } })
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size
  }
  return total
}

async function upload(bytes: Uint8Array, token: string, name = 'noise.bin') {
  const response = await fetch(`${server.url}/api/files?name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/**
 * An upload the server may refuse before reading its body (its declared size is over the key's room): sent as a
 * client that waits for an early answer does, its body written only if none comes and stopped once one does, so the
 * refusal is read rather than lost to the connection the server closes.
 */
async function uploadRefusable(bytes: Uint8Array, token: string) {
  return new Promise<{ status: number; headers: Headers; body: any }>((resolve, reject) => {
    const sent = request(`${server.url}/api/files?name=noise.bin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': bytes.length },
    })
    let answered = false
    sent.on('response', (response) => {
      answered = true
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value)
        resolve({ status: response.statusCode ?? 0, headers, body: text ? JSON.parse(text) : null })
      })
    })
    sent.on('error', (error) => answered || reject(error))
    const step = 1024 * 1024
    const write = (from: number) => {
      if (answered || from >= bytes.length) return void (answered || sent.end())
      if (sent.write(bytes.subarray(from, from + step))) setImmediate(() => write(from + step))
      else sent.once('drain', () => write(from + step))
    }
    // As a client sending `Expect: 100-continue` would: the headers first, the body only if no answer comes to them.
    // A refusal by declared size then arrives before any byte is written, so no write can race the server's close.
    sent.flushHeaders()
    setTimeout(() => write(0), 5000)
  })
}

async function multipart(form: FormData) {
  const response = await fetch(`${server.url}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens.live}` }, body: form })
  return { status: response.status, body: await response.json() }
}

/** A run of the file with the sandbox key, to its end (it fails: the bytes are not Berkeley's file). */
async function runToEnd(fileId: string) {
  const started = await call(server.url, '/api/source-runs', { json: { source: 'vrod', file_id: fileId }, token: tokens.sandbox })
  expect(started.status).toBe(202)
  return waitFor(async () => {
    const run = (await call(server.url, `/api/source-runs/${started.body.id}`, { token: tokens.sandbox })).body
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 60_000, 100)
}

describe('uploads', () => {
  it('a 64 MiB upload streams to storage while a small read every 50 ms answers within 2 s each time', async () => {
    const bytes = randomBytes(64 * 1024 * 1024)
    let slowestMs = 0
    let reads = 0
    let beating = true
    const heartbeat = (async () => {
      while (beating) {
        const started = performance.now()
        expect((await call(server.url, '/api/projects?per_page=1')).status).toBe(200)
        slowestMs = Math.max(slowestMs, performance.now() - started)
        reads++
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const answer = await upload(bytes, tokens.live, 'big.bin')
    beating = false
    await heartbeat
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
    expect(reads).toBeGreaterThan(0)
    expect(slowestMs).toBeLessThan(2000)
    // A live upload is described to every later request; on the embedded store its bytes are a file in the data
    // folder, not a value in the database (on PostgreSQL they are chunks of a table every process reads).
    expect((await call(server.url, `/api/files/${answer.body.id}`)).body.sha256).toBe(answer.body.sha256)
    if (!server.databaseUrl) expect(statSync(join(dataDir, 'uploads', answer.body.id)).size).toBe(bytes.length)
  }, 120_000)

  it('takes one multipart file part, streamed, and refuses two parts, a nameless part and a broken body', async () => {
    const one = new FormData()
    one.append('file', new Blob(['Project ID,Project Name,Voluntary Registry\n']), 'projects.csv')
    const stored = await multipart(one)
    expect(stored.status).toBe(201)
    expect(stored.body).toMatchObject({ name: 'projects.csv', bytes: 43 })

    const two = new FormData()
    two.append('a', new Blob(['x']), 'a.csv')
    two.append('b', new Blob(['y']), 'b.csv')
    const twice = await multipart(two)
    expect(twice.status).toBe(422)
    expect(twice.body.errors[0]).toMatchObject({ path: 'file' })

    const nameless = new FormData()
    nameless.append('note', 'no file here')
    expect((await multipart(nameless)).status).toBe(422)

    const broken = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'multipart/form-data' },
      body: 'not multipart at all',
    })
    expect(broken.status).toBe(400)
    expect(broken.headers.get('content-type')).toContain('application/problem+json')
  })

  it('holds sandbox uploads only while their run needs them, within 128 MiB per key, never in the data folder', async () => {
    const before = folderBytes(dataDir)
    const sixty = randomBytes(60 * 1024 * 1024)
    for (let i = 0; i < 6; i++) {
      const answer = await upload(sixty, tokens.sandbox)
      expect(answer.status).toBe(201)
      const run = await runToEnd(answer.body.id)
      expect(run.state).toBe('failed')
      // The run has ended: its upload is let go.
      expect((await call(server.url, `/api/files/${answer.body.id}`, { token: tokens.sandbox })).status).toBe(404)
    }
    expect(folderBytes(dataDir) - before).toBeLessThan(150 * 1024 * 1024)

    // Two held uploads fill the key's 128 MiB: a third is refused, saying when to retry.
    const first = await upload(sixty, tokens.sandbox)
    const second = await upload(sixty, tokens.sandbox)
    expect([first.status, second.status]).toEqual([201, 201])
    const third = await uploadRefusable(sixty, tokens.sandbox)
    expect(third.status).toBe(429)
    expect(third.headers.get('content-type')).toContain('application/problem+json')
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    // The live key's uploads are not the sandbox's to count.
    expect((await upload(randomBytes(1024), tokens.live)).status).toBe(201)
    await runToEnd(first.body.id)
    await runToEnd(second.body.id)
  }, 300_000)

  it('forgets the sandbox\'s uploads on a restart', async () => {
    const held = await upload(randomBytes(1024), tokens.sandbox)
    expect(held.status).toBe(201)
    await server.stop()
    server = await startApiServer({ dataDir, env: { CREDENCE_RUN_STEP_MS: '0', CREDENCE_SANDBOX_RATE_LIMIT: '100000' } })
    expect((await call(server.url, `/api/files/${held.body.id}`, { token: tokens.sandbox })).status).toBe(404)
  }, 120_000)
})
