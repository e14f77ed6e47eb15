import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from '../api/client'
import { describeError } from '../lib/error-message'
import { reportRateLimited } from '../lib/rate-limit-status'
import { showToast } from '../lib/toast'

/** Longest the app waits on its own for a quota to renew; beyond it, the reader decides when to retry. */
export const maxRetryAfterSeconds = 60
const maxQuotaRetries = 2
const maxTransientRetries = 2
const maxBackoffMs = 10_000

function isTransient(error: unknown) {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)
}

/** 429 and unreachable-API failures are worth another try; any other 4xx will answer the same again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 429) {
    return failureCount < maxQuotaRetries && (error.retryAfter ?? 0) <= maxRetryAfterSeconds
  }
  if (isTransient(error)) return failureCount < maxTransientRetries
  return false
}

/** Waits as long as the API asked (Retry-After), else backs off exponentially. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== null) {
    // A little past the reset, so the retry lands in the new window.
    return Math.min(error.retryAfter, maxRetryAfterSeconds) * 1000 + 250
  }
  return Math.min(1000 * 2 ** failureCount, maxBackoffMs)
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
