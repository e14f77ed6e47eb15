import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recommendation } from '../../src/api/contract/recommendations'
import { freePort, startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { apiEntry } from '../support/server-build'

/**
 * One process owns an embedded data folder. These start PGlite on a folder of their own whatever
 * CREDENCE_TEST_POSTGRES_URL says: the lock is the embedded store's.
 */
const running: ApiServer[] = []
const start = async (dataDir: string) => {
  const server = await startApiServer({ dataDir, projects: 300, postgresUrl: '' })
  running.push(server)
  return server
}
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL')
})

/** Starts a second API on the folder and collects how it ends. */
function secondProcess(dataDir: string, port: number) {
  return new Promise<{ code: number | null; stderr: string; ms: number }>((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, apiEntry(), {
      env: { ...process.env, API_PORT: String(port), CREDENCE_DATA_DIR: dataDir, CREDENCE_LOG: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, ms: Date.now() - started })
    })
  })
}

describe('the embedded data folder', () => {
  it('refuses a second API on the same folder, naming the folder and its holder, and the first keeps every write', async () => {
    const dataDir = tempDataDir()
    const first = await start(dataDir)
    const stored = []
    for (let i = 0; i < 5; i++) {
      stored.push(recommendation.parse((await call(first.url, '/api/recommendations', { json: { budget_usd: 5000 + i } })).body))
    }

    const second = await secondProcess(dataDir, await freePort())
    expect(second.code).toBe(3)
    expect(second.stderr).toContain(dataDir)
    expect(second.stderr).toContain(`process ${first.process.pid}`)
    expect(second.stderr).toContain('CREDENCE_API_URL')
    expect(second.stderr).toContain('DATABASE_URL')

    // The first went on answering, and after a restart everything it stored is there.
    stored.push(recommendation.parse((await call(first.url, '/api/recommendations', { json: { budget_usd: 9000 } })).body))
    await first.stop()
    const again = await start(dataDir)
    for (const r of stored) expect((await call(again.url, `/api/recommendations/${r.id}`)).body).toEqual(r)
  })

  it('is taken over at once after its holder was killed with kill -9', async () => {
    const dataDir = tempDataDir()
    const first = await start(dataDir)
    const kept = recommendation.parse((await call(first.url, '/api/recommendations', { json: { budget_usd: 7000 } })).body)
    await first.stop('SIGKILL')
    expect(readFileSync(join(dataDir, 'credence.lock'), 'utf8')).toContain(`"pid":${first.process.pid}`)

    // The lock is the first thing a process takes: the restart holds it within 5 s of being launched (most of
    // that is loading TypeScript), then opens the database, however long a busy machine makes that.
    const lock = join(dataDir, 'credence.lock')
    const port = await freePort()
    const restart = spawn(process.execPath, apiEntry(), {
      env: { ...process.env, API_PORT: String(port), CREDENCE_DATA_DIR: dataDir, CREDENCE_LOG: 'silent' },
      stdio: 'ignore',
    })
    const launched = Date.now()
    try {
      // Taking a stale lock over moves it aside before making its own (db/engine/embedded-lock.ts): for a moment there
      // is no lock file to read.
      const holder = () => {
        try {
          return readFileSync(lock, 'utf8')
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
          throw error
        }
      }
      await waitFor(async () => (holder().includes(`"pid":${restart.pid}`) ? true : undefined), 30_000, 20)
      expect(Date.now() - launched).toBeLessThanOrEqual(5000)
      const url = `http://127.0.0.1:${port}`
      const answer = await waitFor(async () => {
        const r = await call(url, `/api/recommendations/${kept.id}`).catch(() => undefined)
        return r?.status === 200 ? r : undefined
      }, 90_000, 200)
      expect(answer.body).toEqual(kept)
    } finally {
      restart.kill('SIGKILL')
    }
  })
})
