import { notifyManager, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { ApiError } from '../api/client'
import { describeError, isCredentialRefused, isTemporarilyUnavailable } from '../api/error-message'

/**
 * While a page waits for data because the API or its database is away, says so and that the page fills in
 * on its own: its queries keep retrying meanwhile (see query-client.ts), and what it shows stays. Once they
 * give up, the page's own error, with its "Try again", takes over.
 */
export function OutageBanner() {
  const { outage, refused } = useOutage()
  const message = outage && describeError(outage)
  // A refused credential is said here, once, for every query it stops; each page's own error points up to it.
  const credential = refused ? describeError(refused) : null
  return (
    <div className="outage-banner-region no-print" role="status">
      {credential && (
        <div className="alert alert-error outage-banner">
          <p className="alert-title">{credential.title}</p>
          <p>{credential.detail}</p>
        </div>
      )}
      {!credential && message && (
        <div className="alert alert-warning outage-banner">
          <p className="alert-title">{message.title}</p>
          <p>
            {message.detail} Pages waiting for data load on their own once the service is back, and nothing you typed is lost.
          </p>
        </div>
      )}
    </div>
  )
}

/** The outage a query on screen is retrying after, and a refusal of the app's credential, each or null. */
function useOutage(): { outage: ApiError | null; refused: unknown } {
  const cache = useQueryClient().getQueryCache()
  // As useIsFetching does: cache events can fire while another component renders, so the update is deferred.
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(notifyManager.batchCalls(onChange)), [cache])
  const current = useCallback(() => {
    for (const query of cache.getAll()) {
      const failure = query.state.fetchFailureReason
      if (query.state.fetchStatus !== 'idle' && query.getObserversCount() > 0 && isTemporarilyUnavailable(failure)) {
        return failure
      }
    }
    return null
  }, [cache])
  const refusal = useCallback(() => {
    for (const query of cache.getAll()) {
      const error = query.state.error ?? query.state.fetchFailureReason
      if (query.getObserversCount() > 0 && isCredentialRefused(error)) return error
    }
    return null
  }, [cache])
  return { outage: useSyncExternalStore(subscribe, current, current), refused: useSyncExternalStore(subscribe, refusal, refusal) }
}
