import { useEffect, useState, type Dispatch, type SetStateAction } from 'react'

/** The selection kept under `name`, if the tab kept one: a list of texts, or nothing. */
function kept(name: string): string[] | null {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(name) ?? 'null')
    return Array.isArray(stored) && stored.every((item) => typeof item === 'string') ? stored : null
  } catch {
    return null
  }
}

/**
 * A selection (the projects ticked to compare) kept for the tab's session under `name`: a reader who opens a project
 * and comes back finds the ticks as they left them, where state held by the page alone went back to its first
 * choice. Not in the URL: ticks are a working set, not a view to share.
 */
export function useKeptSelection(name: string, initial: () => string[]): [string[], Dispatch<SetStateAction<string[]>>] {
  const [selection, setSelection] = useState(() => kept(name) ?? initial())
  useEffect(() => {
    try {
      window.sessionStorage.setItem(name, JSON.stringify(selection))
    } catch {
      // A full or refused storage keeps the ticks for this visit only.
    }
  }, [name, selection])
  return [selection, setSelection]
}
