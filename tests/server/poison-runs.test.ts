import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { sourceRun } from '../../src/api/contract/sources'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'

const servers: ApiServer[] = []
afterAll(async () => {
  for (const server of servers) await server.stop()
})

describe('poison runs', () => {
  // The store is edited directly between the two starts, which only the embedded store allows.
  it.skipIf(Boolean(process.env.CREDENCE_TEST_POSTGRES_URL))('three runs each lost with their process twice are failed as poison after a restart, and the API stays up', async () => {
    const dataDir = tempDataDir()
    const first = await startApiServer({ dataDir, projects: 200, env: { CREDENCE_RUN_STEP_MS: '0' } })
    servers.push(first)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const started = await call(first.url, '/api/source-runs', { json: { source: 'marketsource' } })
      expect(started.status).toBe(202)
      ids.push(started.body.id)
    }
    await waitFor(async () => {
      const runs = await Promise.all(ids.map(async (id) => sourceRun.parse((await call(first.url, `/api/source-runs/${id}`)).body)))
      return runs.every((r) => r.state === 'succeeded' || r.state === 'failed') ? runs : undefined
    }, 60_000)
    await first.stop()
    // As the store would be after each of these runs was claimed twice and lost with its process both times.
    const store = new PGlite(dataDir)
    await store.query(
      `update live.source_runs set state = 'queued', claims = 2, started_at = null, finished_at = null, error_code = null,
         error_message = null, lease_owner = null, lease_expires_at = null where id = any($1)`,
      [ids],
    )
    await store.close()

    const second = await startApiServer({ dataDir, projects: 200, env: { CREDENCE_RUN_STEP_MS: '0' } })
    servers.push(second)
    const ended = await waitFor(async () => {
      const runs = await Promise.all(ids.map(async (id) => sourceRun.parse((await call(second.url, `/api/source-runs/${id}`)).body)))
      return runs.every((r) => r.state === 'failed') ? runs : undefined
    }, 60_000)
    for (const run of ended) expect(run.error?.code).toBe('poison')
    // The queue goes on: a run queued behind them is claimed and finishes.
    const after = await call(second.url, '/api/source-runs', { json: { source: 'marketsource' } })
    const finished = await waitFor(async () => {
      const r = sourceRun.parse((await call(second.url, `/api/source-runs/${after.body.id}`)).body)
      return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
    }, 60_000)
    expect(finished.state).toBe('succeeded')
    expect(second.process.exitCode).toBeNull()
    expect((await call(second.url, '/api/projects?per_page=1')).status).toBe(200)
  }, 180_000)
})
