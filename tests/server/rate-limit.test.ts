import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens } from '../support/http'

/** Its own server, so the quota starts untouched and the default of 60 a minute is what is tested. */
let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ projects: 200 })
})
afterAll(() => server.stop())

describe('the sandbox key', () => {
  it('returns 429 with Retry-After after 60 sandbox requests in a minute, with the quota in RateLimit headers', async () => {
    const first = await call(server.url, '/api/sources', { token: tokens.sandbox })
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('60')
    expect(first.headers.get('ratelimit-remaining')).toBe('59')
    expect(first.headers.get('ratelimit-policy')).toBe('60;w=60')
    for (let i = 2; i <= 60; i++) expect((await call(server.url, '/api/sources', { token: tokens.sandbox })).status).toBe(200)
    const over = await call(server.url, '/api/sources', { token: tokens.sandbox })
    expect(over.status).toBe(429)
    expect(over.headers.get('content-type')).toContain('application/problem+json')
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(over.headers.get('ratelimit-remaining')).toBe('0')
  })

  it('does not limit access tokens, and sends them no RateLimit headers', async () => {
    const answer = await call(server.url, '/api/sources', { token: tokens.live })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('ratelimit-limit')).toBeNull()
  })
})

describe('the sandbox limiter under concurrency', () => {
  it('lets exactly 60 of 100 concurrent requests through', async () => {
    const fresh = await startApiServer({ projects: 200 })
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => call(fresh.url, '/api/sources', { token: tokens.sandbox })),
      )
      expect(answers.filter((a) => a.status === 200)).toHaveLength(60)
      expect(answers.filter((a) => a.status === 429)).toHaveLength(40)
    } finally {
      await fresh.stop()
    }
  })
})
