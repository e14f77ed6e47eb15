import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { folderBytes, upload as uploadTo, uploadFromOwnProcess, uploadMultipart, uploadRefusable as uploadRefusableTo, runToEnd as runToEndOn } from '../support/uploads'

/**
 * Uploads stream to storage as they arrive: the API answers other requests meanwhile, and the sandbox's uploads
 * are held by the process only as long as their run needs them, within a quota per key, never in the data folder.
 */
let server: ApiServer
const dataDir = tempDataDir()
/** The server's temporary folder, where it holds the sandbox's uploads: its own, so what it holds can be measured. */
const serverTmp = mkdtempSync(join(tmpdir(), 'credence-test-tmp-'))
const env = { CREDENCE_RUN_STEP_MS: '0', CREDENCE_SANDBOX_RATE_LIMIT: '100000', TMPDIR: serverTmp }
const quotaBytes = 128 * 1024 * 1024
/** What the server holds in its temporary folders of uploads (tsx keeps its cache beside them). */
const heldInTmp = () =>
  readdirSync(serverTmp, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('credence-'))
    .reduce((sum, entry) => sum + folderBytes(join(serverTmp, entry.name)), 0)
beforeAll(async () => {
  server = await startApiServer({ projects: 200, dataDir, env })
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

const upload = (bytes: Uint8Array, token: string, name?: string) => uploadTo(server.url, bytes, token, name)
const uploadRefusable = (bytes: Uint8Array, token: string) => uploadRefusableTo(server.url, bytes, token)
const multipart = (form: FormData) => uploadMultipart(server.url, form)
/** A run of the file with the sandbox key, to its end (it fails: the bytes are not Berkeley's file). */
const runToEnd = (fileId: string) => runToEndOn(server.url, fileId, tokens.sandbox)

describe('uploads', () => {
  it('a 64 MiB upload streams to storage while a small read every 50 ms answers, none held for the upload', async () => {
    const bytes = randomBytes(64 * 1024 * 1024)
    const folder = mkdtempSync(join(tmpdir(), 'credence-upload-'))
    const path = join(folder, 'big.bin')
    writeFileSync(path, bytes)
    // What the start left to do is the start's, not the upload's: reads right after it waited 200 to 400 ms on an idle
    // machine (the bench's stalls). The upload begins once ten reads in a row were each answered within 100 ms, or
    // after 10 s.
    for (let quick = 0, until = performance.now() + 10_000; quick < 10 && performance.now() < until; ) {
      const started = performance.now()
      await call(server.url, '/api/projects?per_page=1')
      quick = performance.now() - started <= 100 ? quick + 1 : 0
    }
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
    // Sent from a process of its own: sent from this one, its loop busy sending, the reads timed here waited for it.
    const sent = performance.now()
    const answer = await uploadFromOwnProcess(server.url, path, tokens.live, 'big.bin').finally(() => rmSync(folder, { recursive: true, force: true }))
    const uploadMs = performance.now() - sent
    beating = false
    await heartbeat
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
    expect(reads).toBeGreaterThan(0)
    // No read waits for the upload: within 2 s, or half the upload's time where the machine is so busy that the upload
    // itself takes seconds (CI's three lanes on two cores, 2 Dec 2026: 2.7 to 3.0 s, the upload sent from this process
    // then). An upload held in memory and written in one statement would hold a read for most of it. The bench times
    // the stall itself (12 to 19 ms).
    expect(slowestMs).toBeLessThan(Math.max(2000, uploadMs / 2))
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

  it('stops six 63 MiB sandbox uploads sent at once at the key\'s 128 MiB: two are stored, four are told it is full', async () => {
    const bytes = randomBytes(63 * 1024 * 1024)
    const answers = await Promise.all(Array.from({ length: 6 }, () => uploadRefusable(bytes, tokens.sandbox)))
    const stored = answers.filter((answer) => answer.status === 201)
    expect(stored).toHaveLength(2)
    expect(stored.reduce((sum, answer) => sum + answer.body.bytes, 0)).toBeLessThanOrEqual(quotaBytes)
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(429)
      expect(refused.body.type).toContain('sandbox-uploads-full')
    }
    expect(heldInTmp()).toBeLessThanOrEqual(quotaBytes)
    for (const answer of stored) await runToEnd(answer.body.id)
    // Their runs have ended: they are let go just after.
    await waitFor(async () => (heldInTmp() === 0 ? true : undefined), 10_000)
  }, 120_000)

  it('keeps nothing of a multipart body refused with 422 after its first file part was stored, live or sandbox', async () => {
    const liveFolder = join(dataDir, 'uploads')
    const liveFiles = () => (existsSync(liveFolder) ? readdirSync(liveFolder).sort() : [])
    const liveBefore = liveFiles()
    for (const token of [tokens.live, tokens.sandbox]) {
      const two = new FormData()
      two.append('a', new Blob([randomBytes(2 * 1024 * 1024)]), 'a.csv')
      two.append('b', new Blob(['y']), 'b.csv')
      const refused = await uploadMultipart(server.url, two, token)
      expect(refused.status).toBe(422)
    }
    if (!server.databaseUrl) expect(liveFiles()).toEqual(liveBefore)
    expect(heldInTmp()).toBe(0)
    // Nor does the refused part hold room in the sandbox key's quota: two uploads of 63 MiB still fit.
    const bytes = randomBytes(63 * 1024 * 1024)
    const fits = [await upload(bytes, tokens.sandbox), await upload(bytes, tokens.sandbox)]
    expect(fits.map((answer) => answer.status)).toEqual([201, 201])
    for (const answer of fits) await runToEnd(answer.body.id)
  }, 120_000)

  it('forgets the sandbox\'s uploads on a restart', async () => {
    const held = await upload(randomBytes(1024), tokens.sandbox)
    expect(held.status).toBe(201)
    await server.stop()
    server = await startApiServer({ dataDir, env })
    expect((await call(server.url, `/api/files/${held.body.id}`, { token: tokens.sandbox })).status).toBe(404)
  }, 120_000)
})
