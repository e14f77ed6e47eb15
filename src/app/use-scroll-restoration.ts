import { useEffect, useLayoutEffect } from 'react'
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
 * the reader was on that entry, also after a reload of the tab.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation()
  const action = useNavigationType()

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
    if (action === 'POP') {
      const y = positions.get(key)
      if (y !== undefined) window.scrollTo(0, y)
    } else if (!hash) {
      window.scrollTo(0, 0)
    }
  }, [key, hash, action])
}
