import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

const storageKey = 'credence:scroll'
const positions = new Map<string, number>(readSaved())

function readSaved(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? '[]') as [string, number][]
  } catch {
    return []
  }
}

/**
 * Scroll like a site of separate pages: a new page starts at its top, and back or forward returns to where
 * the reader was on that entry, also after a reload of the tab. A page's own filters, sort, pages of a list or a
 * chart's option change its address's query, not the page: the view stays where the reader was (it jumped to the
 * top, the control they used out of sight, focus still on it).
 */
export function useScrollRestoration() {
  const { key, hash, pathname } = useLocation()
  const action = useNavigationType()
  const shownPath = useRef(pathname)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const save = () => sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-50)))
    window.addEventListener('pagehide', save)
    return () => window.removeEventListener('pagehide', save)
  }, [])

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY)
    window.addEventListener('scroll', remember, { passive: true })
    return () => window.removeEventListener('scroll', remember)
  }, [key])

  useLayoutEffect(() => {
    const samePage = shownPath.current === pathname
    shownPath.current = pathname
    if (action === 'POP') {
      const y = positions.get(key)
      if (y !== undefined) window.scrollTo(0, y)
    } else if (!hash && !samePage) {
      window.scrollTo(0, 0)
    }
  }, [key, hash, action, pathname])
}
