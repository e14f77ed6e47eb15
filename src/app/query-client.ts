import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../api/client'
import { describeError, isCredentialRefused, isTemporarilyUnavailable } from '../api/error-message'
import { reportRateLimited } from '../api/rate-limit-status'
import { showToast } from '../lib/toast'

/** Longest the app waits on its own for a quota to renew; beyond it, the reader decides when to retry. */
export const maxRetryAfterSeconds = 60
const maxQuotaRetries = 2
const maxTransientRetries = 2
const maxBackoffMs = 10_000
/**
 * An outage (the database or the API away) ends without anyone telling the page, so a page waiting for data
 * keeps asking, about every ten seconds for some five minutes; the reader need not notice it came back.
 * A page that is left stops its requests (TanStack Query cancels retries without observers).
 */
export const maxUnavailableRetries = 30

function isTransient(error: unknown) {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)
}

/** 429, outages and unreachable-API failures are worth another try; any other 4xx will answer the same again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A refused credential answers the same until someone changes the token: never asked again.
  if (isCredentialRefused(error)) return false
  if (error instanceof ApiError && error.status === 429) {
    return failureCount < maxQuotaRetries && (error.retryAfter ?? 0) <= maxRetryAfterSeconds
  }
  if (isTemporarilyUnavailable(error)) return failureCount < maxUnavailableRetries
  if (isTransient(error)) return failureCount < maxTransientRetries
  return false
}

/** Waits as long as the API asked (Retry-After), else backs off exponentially. */
export function retryDelay(failureCount: number, error: unknown): number {
  const backoff = Math.min(1000 * 2 ** failureCount, maxBackoffMs)
  if (error instanceof ApiError && error.retryAfter !== null) {
    // A little past the reset, so the retry lands in the new window.
    const asked = Math.min(error.retryAfter, maxRetryAfterSeconds) * 1000 + 250
    // A quota renews when it said; an outage may outlast its Retry-After, so the wait grows while it lasts.
    return error.status === 429 ? asked : Math.max(asked, backoff)
  }
  return backoff
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportRateLimited(error)
        // A first load shows its error in place; only a failed refresh of data on screen needs a toast.
        if (query.state.data === undefined) return
        const message = describeError(error)
        showToast({ tone: 'error', title: `Could not refresh: ${message.title}`, detail: message.detail })
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => reportRateLimited(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          // Every retry-worthy 429 also tells the shell the quota is used up while the query waits.
          reportRateLimited(error)
          return shouldRetry(failureCount, error)
        },
        retryDelay,
        // The sandbox key allows 60 requests a minute; switching tabs should not spend them.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/** The one QueryClient of the app. */
export const queryClient = createQueryClient()
