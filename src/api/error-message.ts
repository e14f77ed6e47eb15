import { ApiError, NetworkError } from './client'

export interface ErrorMessage {
  title: string
  detail: string
  kind: 'quota' | 'network' | 'unavailable' | 'credential' | 'not-found' | 'validation' | 'other'
  /** Seconds until the API accepts requests again (quota, outage), when it said. */
  retryAfter: number | null
}

export const isQuotaError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429
export const isNotFoundError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404
/** What existed and was deleted (a shortlist): its problem says when. */
export const isGoneError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 410
/** The API refused the app's credential: asking again gets the same answer until someone changes the token. */
export const isCredentialRefused = (error: unknown): boolean => error instanceof ApiError && (error.status === 401 || error.status === 403)

/**
 * The API, or the proxy in front of it, answered that it cannot serve for now (503: its database is away;
 * 502/504: the API itself cannot be reached). Unlike any other failure, the same request will succeed later.
 */
export const isTemporarilyUnavailable = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 502 || error.status === 503 || error.status === 504)

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** Plain words for what went wrong, so every view explains a failure the same way. */
export function describeError(error: unknown): ErrorMessage {
  if (isQuotaError(error)) {
    const wait = error.retryAfter
    return {
      kind: 'quota',
      title: 'Evaluation quota used up',
      detail:
        wait !== null
          ? `This key's evaluation quota is used up for now. It renews in about ${formatWait(wait)}; nothing you entered is lost.`
          : "This key's evaluation quota is used up for now. Try again in a minute; nothing you entered is lost.",
      retryAfter: wait,
    }
  }
  if (error instanceof NetworkError) {
    return { kind: 'network', title: 'Cannot reach the Credence API', detail: error.message, retryAfter: null }
  }
  if (error instanceof ApiError) {
    if (error.status === 503) {
      // The API itself answered and says what is away (its database); a gateway's bare 503 says nothing.
      const fromApi = error.problem.type !== 'about:blank' && error.problem.detail !== ''
      return {
        kind: 'unavailable',
        // A run holding the store past the 2 s a read waits is no outage, and its problem says so in its title. The type
        // is spelt here rather than read from `problemTypes`, whose table the home route's JavaScript has no room for.
        title: error.problem.type.endsWith('/store-busy') ? error.problem.title : 'Credence is temporarily unavailable',
        detail: fromApi ? error.problem.detail : 'The Credence API cannot answer right now. Try again in a moment.',
        retryAfter: error.retryAfter,
      }
    }
    if (error.status === 401 || error.status === 403) {
      return {
        kind: 'credential',
        title: 'The Credence API refused this app\'s credential',
        detail:
          error.status === 401
            ? 'The token the app sends was not accepted. Whoever runs this app: set CREDENCE_API_TOKEN to one of the API\'s CREDENCE_ACCESS_TOKENS (or its sandbox key) and restart the app. Nothing will load until then.'
            : 'The token the app sends may not do this. Whoever runs this app: give it a token with access (CREDENCE_API_TOKEN) and restart the app.',
        retryAfter: null,
      }
    }
    if (error.status === 502 || error.status === 504) {
      return {
        kind: 'network',
        title: 'Cannot reach the Credence API',
        detail: error.problem.detail || 'The Credence API cannot be reached right now. Try again in a moment.',
        retryAfter: error.retryAfter,
      }
    }
    return {
      kind: error.status === 404 ? 'not-found' : error.status === 422 ? 'validation' : 'other',
      title: error.problem.title,
      detail: error.problem.detail,
      retryAfter: error.retryAfter,
    }
  }
  return {
    kind: 'other',
    title: 'Something went wrong',
    detail: error instanceof Error && error.message ? error.message : 'An unexpected error occurred.',
    retryAfter: null,
  }
}
