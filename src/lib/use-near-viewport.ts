import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element has come within `margin` of the viewport (or the page is about to be printed), and from
 * then on: what is drawn only for a reader who gets to it costs a page's first screen nothing. Without
 * IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const reached = () => setNear(true)
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reached(), { rootMargin: margin })
    observer.observe(element)
    window.addEventListener('beforeprint', reached)
    return () => {
      observer.disconnect()
      window.removeEventListener('beforeprint', reached)
    }
  }, [near, ref, margin])
  return near
}
