import { createMiddleware } from 'hono/factory'
import type { AuthVariables } from './auth'
import { HttpProblem } from './problem'

/**
 * A sliding window: the sandbox key may make `limit` requests in any `windowMs`. Every answer carries the
 * quota left (IETF RateLimit headers); the request over it gets 429 with Retry-After.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>()
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  take(id: string, now = Date.now()): { allowed: boolean; remaining: number; resetMs: number } {
    const recent = (this.hits.get(id) ?? []).filter((t) => t > now - this.windowMs)
    const allowed = recent.length < this.limit
    if (allowed) recent.push(now)
    this.hits.set(id, recent)
    const resetMs = recent.length ? recent[0] + this.windowMs - now : 0
    return { allowed, remaining: Math.max(0, this.limit - recent.length), resetMs }
  }
}

export const limitSandbox = (limiter: SlidingWindowLimiter) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    if (c.get('credential').kind !== 'sandbox') return next()
    const { allowed, remaining, resetMs } = limiter.take(c.get('credential').id)
    const reset = String(Math.max(1, Math.ceil(resetMs / 1000)))
    const headers = {
      'RateLimit-Limit': String(limiter.limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': reset,
      'RateLimit-Policy': `${limiter.limit};w=${Math.round(limiter.windowMs / 1000)}`,
    }
    if (!allowed) {
      throw new HttpProblem(
        429,
        'rate-limited',
        'Too many requests',
        `The sandbox key allows ${limiter.limit} requests per ${Math.round(limiter.windowMs / 1000)} seconds. Try again in ${reset} s.`,
        { headers: { ...headers, 'Retry-After': reset } },
      )
    }
    await next()
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
  })
