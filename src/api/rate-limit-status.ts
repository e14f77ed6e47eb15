import { useSyncExternalStore } from 'react'
import { ApiError, onRateLimit, type RateLimitInfo } from './client'

/**
 * What the app knows about the key's request quota. Only the sandbox key answers with RateLimit headers,
 * so having seen them is how the app knows it runs against the sandbox. A 429 (from any key) records
 * until when the quota is used up, so the shell can say when requests resume.
 */
export interface RateLimitStatus {
  isSandbox: boolean
  limit: number | null
  remaining: number | null
  /** Epoch milliseconds when the current window ends. */
  resetAt: number | null
  /** Epoch milliseconds until which the API turns requests away; null while requests are accepted. */
  exhaustedUntil: number | null
}

let status: RateLimitStatus = { isSandbox: false, limit: null, remaining: null, resetAt: null, exhaustedUntil: null }
const listeners = new Set<() => void>()

function update(next: Partial<RateLimitStatus>) {
  status = { ...status, ...next }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

onRateLimit((info: RateLimitInfo) => {
  const now = Date.now()
  update({
    isSandbox: true,
    limit: info.limit,
    remaining: info.remaining,
    resetAt: now + info.resetSeconds * 1000,
    // A request that went through means the quota renewed.
    exhaustedUntil: info.remaining > 0 ? null : status.exhaustedUntil,
  })
})

/** Called by the query layer whenever the API answers 429. */
export function reportRateLimited(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 429) return
  const wait = error.retryAfter ?? 60
  update({ exhaustedUntil: Date.now() + wait * 1000 })
}

/** Forgets the current window: the quota renewed. */
export function clearRateLimited() {
  if (status.exhaustedUntil !== null) update({ exhaustedUntil: null })
}

/** Forgets everything seen of the quota, as a page loaded afresh knows nothing of it: a test's new app starts so. */
export function forgetRateLimitStatus() {
  update({ isSandbox: false, limit: null, remaining: null, resetAt: null, exhaustedUntil: null })
}

export function getRateLimitStatus(): RateLimitStatus {
  return status
}

export function useRateLimitStatus(): RateLimitStatus {
  return useSyncExternalStore(subscribe, getRateLimitStatus, getRateLimitStatus)
}

/**
 * Whether the app talks to the sandbox, and its quota. Views read `isSandbox` to label their writes as
 * simulated: `const { isSandbox } = useSandboxStatus()`.
 */
export function useSandboxStatus(): Pick<RateLimitStatus, 'isSandbox' | 'limit' | 'remaining' | 'resetAt'> {
  const { isSandbox, limit, remaining, resetAt } = useRateLimitStatus()
  return { isSandbox, limit, remaining, resetAt }
}
