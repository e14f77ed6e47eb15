import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AuthVariables } from '../../src/server/http/auth'
import { HttpProblem } from '../../src/server/http/problem'
import { limitSandbox, SlidingWindowLimiter } from '../../src/server/http/rate-limit'

/** The sandbox key's quota before a route that answers 503 (a busy store) or 200, on a quota of two a minute. */
function appWithQuota() {
  const app = new Hono<{ Variables: AuthVariables }>()
  app.use(async (c, next) => {
    c.set('credential', { kind: 'sandbox', dataset: 'sandbox', id: 'sandbox-key' })
    await next()
  })
  app.use(limitSandbox(new SlidingWindowLimiter(2, 60_000)))
  app.get('/busy', () => {
    throw new HttpProblem(503, 'store-busy', 'Credence is busy for a moment', 'Other work held the store.')
  })
  app.get('/ok', (c) => c.json({ ok: true }))
  app.onError((error, c) => (error instanceof HttpProblem ? c.json({ title: error.title }, error.status as 503) : c.json({}, 500)))
  return app
}

describe("the sandbox key's quota", () => {
  it('counts no request answered 503: it did nothing, and a client retrying it spends one answer of its quota', async () => {
    const app = appWithQuota()
    for (let i = 0; i < 5; i++) {
      const busy = await app.request('/busy')
      expect(busy.status).toBe(503)
      expect(busy.headers.get('ratelimit-remaining')).toBe('2')
    }
    expect((await app.request('/ok')).headers.get('ratelimit-remaining')).toBe('1')
    expect((await app.request('/ok')).status).toBe(200)
    expect((await app.request('/ok')).status).toBe(429)
    // A request refused for the quota is not taken back: it was never counted.
    expect((await app.request('/busy')).status).toBe(429)
  })
})
