import { useSyncExternalStore } from 'react'

const query = '(prefers-color-scheme: dark)'
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null)

function subscribe(onChange: () => void) {
  const list = media()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/** Whether the dark colour scheme is in use, so canvas colours can follow it as the CSS does. */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false)
}
