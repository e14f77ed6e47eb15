import { notifyManager, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { ApiError } from '../api/client'
import { describeError, isTemporarilyUnavailable } from '../api/error-message'

/**
 * While a page waits for data because the API or its database is away, says so and that the page fills in
 * on its own: its queries keep retrying meanwhile (see query-client.ts), and what it shows stays. Once they
 * give up, the page's own error, with its "Try again", takes over.
 */
export function OutageBanner() {
  const outage = useOutage()
  const message = outage && describeError(outage)
  return (
    <div className="outage-banner-region no-print" role="status">
      {message && (
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

/** The outage a query on screen is retrying after, or null. */
function useOutage(): ApiError | null {
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
  return useSyncExternalStore(subscribe, current, current)
}
