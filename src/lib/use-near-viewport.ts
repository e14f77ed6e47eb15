import { useEffect, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'

/**
 * True once the element has come within `margin` of the viewport, or the page is about to be printed, and from then
 * on: what is drawn only for a reader who gets to it costs a page's first screen nothing. Without
 * IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin })
    observer.observe(element)
    // A print lays the page out as soon as its event returns and waits for no later task: what it should show is
    // rendered within the event. Set in a later render, as it was, a chart not scrolled to printed blank. Browsers
    // that say a print is starting only through the print media query are heard too.
    const printing = () => flushSync(() => setNear(true))
    const printMedia = window.matchMedia?.('print')
    const printMediaChanged = (event: MediaQueryListEvent) => event.matches && printing()
    window.addEventListener('beforeprint', printing)
    printMedia?.addEventListener('change', printMediaChanged)
    return () => {
      observer.disconnect()
      window.removeEventListener('beforeprint', printing)
      printMedia?.removeEventListener('change', printMediaChanged)
    }
  }, [near, ref, margin])
  return near
}
