import { useEffect, useState } from 'react'
import { formatWait } from '../api/error-message'
import { clearRateLimited, useRateLimitStatus } from '../api/rate-limit-status'

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

/**
 * While the API turns requests away (429), says so and when requests resume. Queries retry on their own
 * then (see query-client.ts); nothing on the page is cleared in the meantime.
 */
export function QuotaBanner() {
  const { exhaustedUntil } = useRateLimitStatus()
  const now = useNow(exhaustedUntil !== null)
  const waiting = exhaustedUntil !== null && exhaustedUntil > now

  useEffect(() => {
    if (exhaustedUntil !== null && exhaustedUntil <= now) clearRateLimited()
  }, [exhaustedUntil, now])

  return (
    <div className="quota-banner-region no-print" role="status">
      {waiting && (
        <div className="alert alert-warning quota-banner">
          <p className="alert-title">Evaluation quota used up</p>
          <p>
            This key has used its requests for now. Requests resume at {clockFormat.format(exhaustedUntil)}
            <span aria-hidden="true"> (in {formatWait((exhaustedUntil - now) / 1000)})</span>, and pages waiting for data
            load then on their own; nothing you typed is lost.
          </p>
        </div>
      )}
    </div>
  )
}

/** The current time, ticking every second while `active`. */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const tick = () => setNow(Date.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [active])
  return now
}
