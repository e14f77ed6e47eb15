import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'

/**
 * Stopping the database under a running API needs a PostgreSQL server this run controls, as CI's has
 * (CREDENCE_TEST_PG_CLUSTER="15 main"); the embedded PGlite lives inside the API process and cannot fail apart.
 */
const cluster = process.env.CREDENCE_TEST_PG_CLUSTER?.split(' ')
const pgctl = (action: 'stop' | 'start') => execFileSync('pg_ctlcluster', [...cluster!, action], { stdio: 'ignore' })

describe.skipIf(!cluster || !process.env.CREDENCE_TEST_POSTGRES_URL)('the database unavailable', () => {
  let server: ApiServer
  beforeAll(async () => {
    server = await startApiServer({ projects: 300 })
  })
  afterAll(async () => {
    // Started again by the test itself unless it failed half-way.
    try {
      pgctl('start')
    } catch {
      // already running
    }
    await server.stop()
  })

  it('answers 503 problem+json with Retry-After, and serves again when the database returns', async () => {
    const [read, unread] = (await call(server.url, '/api/projects?per_page=2')).body.data.map((p: { key: string }) => p.key)
    expect((await call(server.url, `/api/projects/${read}`)).status).toBe(200)
    pgctl('stop')
    for (const path of [`/api/projects/${unread}`, '/api/sources', '/api/source-runs']) {
      const down = await call(server.url, path)
      expect(down.status, path).toBe(503)
      expect(down.headers.get('content-type')).toContain('application/problem+json')
      expect(down.headers.get('retry-after')).toBe('5')
    }
    // The project list and its facets are answered from the project index, read before the outage; a project page
    // read before it is kept for the dataset's version, which has not moved on.
    expect((await call(server.url, '/api/projects?q=a')).status).toBe(200)
    expect((await call(server.url, '/api/projects/facets?q=a')).status).toBe(200)
    expect((await call(server.url, `/api/projects/${read}`)).status).toBe(200)
    pgctl('start')
    await waitFor(async () => ((await call(server.url, `/api/projects/${unread}`)).status === 200 ? true : undefined), 30_000, 500)
  })
})
