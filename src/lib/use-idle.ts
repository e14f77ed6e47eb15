import { useEffect, useState } from 'react'

/**
 * False until the browser first has a moment with nothing to do after the page has drawn (within `timeout` ms at
 * most), then true: for work a page wants done soon, but not at the cost of its first screen. Safari has no
 * requestIdleCallback; there, after `timeout` ms.
 */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (idle) return
    const reached = () => setIdle(true)
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(reached, { timeout })
      return () => cancelIdleCallback(handle)
    }
    const timer = setTimeout(reached, timeout)
    return () => clearTimeout(timer)
  }, [idle, timeout])
  return idle
}
