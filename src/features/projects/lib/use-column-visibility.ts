import { useState } from 'react'
const storageKey = 'credence.projects.columns'

/** Shown from the column chooser; hidden until a reader asks, so the default columns fit a 1280 px screen. */
const defaultHiddenColumns = ['registry', 'region', 'vintage', 'updated_at']

const defaults: Record<string, boolean> = Object.fromEntries(defaultHiddenColumns.map((id) => [id, false]))

/** The reader's own choices over the defaults: a column they showed or hid stays so. */
function read(): Record<string, boolean> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '{}')
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
      return { ...defaults, ...Object.fromEntries(Object.entries(stored).filter(([, v]) => typeof v === 'boolean')) }
    }
  } catch {
    // A corrupt or unavailable store only costs the reader their column choice.
  }
  return { ...defaults }
}

/** Which columns the reader hid; a preference of theirs, not part of a shared link, so it is kept locally. */
export function useColumnVisibility() {
  const [visibility, setVisibility] = useState<Record<string, boolean>>(read)
  const update = (next: Record<string, boolean>) => {
    setVisibility(next)
    try {
      localStorage.setItem(storageKey, JSON.stringify(next))
    } catch {
      // Private browsing may refuse storage; the choice still holds for this visit.
    }
  }
  return [visibility, update] as const
}
