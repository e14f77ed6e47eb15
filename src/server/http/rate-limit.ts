import { createMiddleware } from 'hono/factory'
import type { Kysely } from 'kysely'
import { takeFromLog, type Quota } from '../db/queries/rate-limit-hits'
import type { Database } from '../db/schema'
import { isDatabaseUnavailable } from '../db/engine/unavailable'
import type { AuthVariables } from './auth'
import { HttpProblem } from './problem'

/**
 * A sliding window: the sandbox key may make `limit` requests in any `windowMs`. Every answer carries the
 * quota left (IETF RateLimit headers); the request over it gets 429 with Retry-After. A request answered 503 is
 * taken back (`Quota.refund`).
 */
export interface RateLimiter {
  readonly limit: number
  readonly windowMs: number
  take(id: string): Quota | Promise<Quota>
}

/**
 * The window in this process's memory. Right for the embedded store only: there one process owns the data
 * (the data-folder lock sees to it), so it sees every request, and a database round trip per sandbox request
 * would buy nothing.
 */
export class SlidingWindowLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>()
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  take(id: string, now = Date.now()): Quota {
    const recent = (this.hits.get(id) ?? []).filter((t) => t > now - this.windowMs)
    const allowed = recent.length < this.limit
    if (allowed) recent.push(now)
    this.hits.set(id, recent)
    const resetMs = recent.length ? recent[0] + this.windowMs - now : 0
    const refund = () => {
      const held = this.hits.get(id) ?? []
      const at = held.indexOf(now)
      if (at >= 0) held.splice(at, 1)
    }
    return { allowed, remaining: Math.max(0, this.limit - recent.length), resetMs, ...(allowed ? { refund } : {}) }
  }
}

/**
 * The window shared by every process on one PostgreSQL: a log of hits in the database, on its clock. While the
 * database is away each process counts in its own memory instead, so the project list and facets, answered from
 * memory, stay open to the sandbox key during an outage; the exact shared count resumes when the database does.
 */
export class SharedWindowLimiter implements RateLimiter {
  private readonly meanwhile: SlidingWindowLimiter
  constructor(
    private readonly db: Kysely<Database>,
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.meanwhile = new SlidingWindowLimiter(limit, windowMs)
  }

  async take(id: string): Promise<Quota> {
    try {
      return await takeFromLog(this.db, id, this.limit, this.windowMs)
    } catch (error) {
      if (isDatabaseUnavailable(error)) return this.meanwhile.take(id)
      throw error
    }
  }
}

export const limitSandbox = (limiter: RateLimiter) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    if (c.get('credential').kind !== 'sandbox') return next()
    const quota = await limiter.take(c.get('credential').id)
    const { allowed, remaining, resetMs } = quota
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
    // A 503 did nothing (the store was busy past a read's wait, or the database away): the request it answered is
    // not counted, so a client that retries as Retry-After tells it spends no more of its quota than one answer.
    // Counted, three processes on a busy machine refused 82 of 100 requests where the quota holds 60.
    if (c.res.status === 503 && quota.refund) {
      await quota.refund()
      headers['RateLimit-Remaining'] = String(remaining + 1)
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
  })
