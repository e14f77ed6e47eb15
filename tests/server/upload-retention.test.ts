import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { processFolder, removeFoldersOfDeadProcesses } from '../../src/server/files/process-folders'
import { startApiServer, tempDataDir, type ApiServer, type StartOptions } from '../support/api-server'
import { call, tokens } from '../support/http'
import { runToEnd, upload, uploadMultipart } from '../support/uploads'

/**
 * Nothing of an upload stays longer than someone needs it: live uploads go once unused for the retention period
 * (their runs still say what they read), and a process that died cannot keep its temporary uploads on disk.
 */
const started: ApiServer[] = []
async function start(options: StartOptions = {}) {
  const server = await startApiServer({ projects: 200, ...options, env: { CREDENCE_RUN_STEP_MS: '0', ...options.env } })
  started.push(server)
  return server
}
afterAll(async () => {
  for (const server of started) await server.stop()
})

/** The live uploads a stopped server's store holds: their descriptions, and the files whose bytes are kept. */
async function liveUploads(server: ApiServer) {
  const database = await connectDatabase({ url: server.databaseUrl, dataDir: server.dataDir })
  try {
    const rows = (await sql<{ id: string }>`select id from live.files`.execute(database.db)).rows.map((row) => row.id)
    const folder = join(server.dataDir, 'uploads')
    const bytes = server.databaseUrl
      ? (await sql<{ file_id: string }>`select distinct file_id from live.file_chunks`.execute(database.db)).rows.map((row) => row.file_id)
      : existsSync(folder)
        ? readdirSync(folder)
        : []
    return { rows: rows.sort(), bytes: bytes.sort() }
  } finally {
    await database.close()
  }
}

/** Runs SQL on a stopped server's store, as time passing or a process stopped mid-way would have left it. */
async function onStore(server: ApiServer, change: (db: Awaited<ReturnType<typeof connectDatabase>>['db']) => Promise<unknown>) {
  const database = await connectDatabase({ url: server.databaseUrl, dataDir: server.dataDir })
  try {
    await change(database.db)
  } finally {
    await database.close()
  }
}

describe('live uploads', () => {
  it('are removed once unused for the retention period, unless a queued run needs them, and runs still say what they read', async () => {
    const first = await start({ dataDir: tempDataDir() })
    const unused = (await upload(first.url, randomBytes(2048), tokens.live, 'read-long-ago.csv')).body
    const needed = (await upload(first.url, randomBytes(3072), tokens.live, 'queued-long-ago.csv')).body
    const recent = (await upload(first.url, randomBytes(1024), tokens.live, 'recent.csv')).body
    const readLongAgo = await runToEnd(first.url, unused.id, tokens.live)
    const queuedLongAgo = await runToEnd(first.url, needed.id, tokens.live)
    // A multipart body refused after its first file part: neither its bytes nor its description stay.
    const two = new FormData()
    two.append('a', new Blob([randomBytes(4096)]), 'a.csv')
    two.append('b', new Blob(['y']), 'b.csv')
    expect((await uploadMultipart(first.url, two)).status).toBe(422)
    await first.stop()
    const three = [unused.id, needed.id, recent.id].sort()
    expect(await liveUploads(first)).toEqual({ rows: three, bytes: three })

    // Forty days on: two uploads and their runs are that old, and one of the runs is queued again, as a run queued
    // just before its process stopped would be, waiting to be taken.
    await onStore(first, async (db) => {
      await sql`update live.files set created_at = created_at - interval '40 days' where id in (${unused.id}, ${needed.id})`.execute(db)
      await sql`update live.source_runs set created_at = created_at - interval '40 days', started_at = started_at - interval '40 days',
        finished_at = finished_at - interval '40 days' where id = ${readLongAgo.id}`.execute(db)
      await sql`update live.source_runs set created_at = created_at - interval '40 days', state = 'queued', started_at = null, finished_at = null,
        error_code = null, error_message = null, lease_owner = null, lease_expires_at = null where id = ${queuedLongAgo.id}`.execute(db)
    })
    // Bytes no upload owns, a day old: one a process stopped before describing, one it stopped while writing.
    if (!first.databaseUrl) {
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
      for (const stray of ['file_neverdescribed', 'file_cutoff.part']) {
        const path = join(first.dataDir, 'uploads', stray)
        writeFileSync(path, randomBytes(512))
        utimesSync(path, twoDaysAgo, twoDaysAgo)
      }
    }

    // Kept for fifty days, all three stay.
    const second = await start({ dataDir: first.dataDir, env: { CREDENCE_UPLOAD_RETENTION_DAYS: '50' } })
    expect((await call(second.url, `/api/files/${unused.id}`)).status).toBe(200)
    await second.stop()
    await onStore(second, (db) => sql`update live.source_runs set state = 'queued', started_at = null, finished_at = null where id = ${queuedLongAgo.id}`.execute(db))

    // Kept for thirty (the default): the one no run needs goes; the one a queued run needs and the recent one stay.
    const third = await start({ dataDir: first.dataDir })
    expect((await call(third.url, `/api/files/${unused.id}`)).status).toBe(404)
    expect((await call(third.url, `/api/files/${needed.id}`)).status).toBe(200)
    expect((await call(third.url, `/api/files/${recent.id}`)).status).toBe(200)
    const run = (await call(third.url, `/api/source-runs/${readLongAgo.id}`)).body
    expect(run.files).toEqual([{ id: unused.id, name: 'read-long-ago.csv', bytes: 2048, sha256: unused.sha256 }])
    await third.stop()
    const stillKept = [needed.id, recent.id].sort()
    expect(await liveUploads(third)).toEqual({ rows: stillKept, bytes: stillKept })
  }, 240_000)
})

describe('temporary upload folders', () => {
  it('of a process that died are removed when the next starts; a running process keeps its own', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'credence-test-tmp-'))
    const env = { TMPDIR: tmp, CREDENCE_SANDBOX_RATE_LIMIT: '100000' }
    // tsx keeps its cache in the same folder: only the API's folders are looked at.
    const folders = () => readdirSync(tmp).filter((name) => name.startsWith('credence-'))

    const killed = await start({ env })
    const killedFolders = folders()
    expect(killedFolders.length).toBeGreaterThan(0)
    expect((await upload(killed.url, randomBytes(4096), tokens.sandbox)).status).toBe(201)
    const running = await start({ env })
    const runningFolders = folders().filter((name) => !killedFolders.includes(name))
    expect(runningFolders.length).toBeGreaterThan(0)
    const kept = (await upload(running.url, randomBytes(4096), tokens.sandbox)).body

    await killed.stop('SIGKILL')
    // Killed, it could not remove what it held.
    expect(folders()).toEqual(expect.arrayContaining(killedFolders))

    await start({ env })
    const after = folders()
    for (const name of killedFolders) expect(after).not.toContain(name)
    for (const name of runningFolders) expect(after).toContain(name)
    expect((await call(running.url, `/api/files/${kept.id}`, { token: tokens.sandbox })).status).toBe(200)
  }, 240_000)

  it("of a test run that died are removed by the next run's harness, never by an API, and a live run keeps its own", () => {
    const tmp = mkdtempSync(join(tmpdir(), 'credence-test-tmp-'))
    const before = process.env.TMPDIR
    process.env.TMPDIR = tmp
    try {
      // A run's folder, made by a process that has exited since, as a killed run's stays behind.
      const module = resolve('src/server/files/process-folders.ts')
      const dead = execFileSync(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(module)}).then((m) => console.log(m.processFolder('test-run')))`], {
        env: { ...process.env, TMPDIR: tmp },
        encoding: 'utf8',
      }).trim()
      const live = processFolder('test-run')
      expect(removeFoldersOfDeadProcesses()).toEqual([])
      expect(removeFoldersOfDeadProcesses(['test-run'])).toEqual([dead.slice(tmp.length + 1)])
      expect(existsSync(dead)).toBe(false)
      expect(existsSync(live)).toBe(true)
    } finally {
      if (before === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = before
    }
  }, 60_000)

  it('are never taken for another process\'s when their names do not say whose they are', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'credence-test-tmp-'))
    // A folder of an earlier version, named before folders said whose they were: no owner to ask, so it stays.
    mkdirSync(join(tmp, 'credence-sandbox-uploads-Ab12Cd'))
    await start({ env: { TMPDIR: tmp } })
    expect(readdirSync(tmp)).toContain('credence-sandbox-uploads-Ab12Cd')
  }, 120_000)
})
