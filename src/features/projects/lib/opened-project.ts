/**
 * The project last opened from the browser, and the list it was opened from (its search): going Back to that list,
 * its row takes the focus again, so a keyboard reader goes on from where they were rather than from the page's top.
 * Kept for the tab's session, as the browser keeps its history.
 */
const storageKey = 'credence.projects.opened'

export function rememberOpened(search: string, key: string) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ search, key }))
  } catch {
    // Storage refused (private mode, full): Back then starts at the page's content, as a page load does.
  }
}

/** The key of the project last opened from the list with this search; null when it was opened from another. */
export function openedFrom(search: string): string | null {
  try {
    const opened: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null')
    if (opened && typeof opened === 'object' && 'search' in opened && 'key' in opened && opened.search === search && typeof opened.key === 'string') return opened.key
  } catch {
    // Unreadable: as if nothing was opened.
  }
  return null
}

/** Once its row has the focus again: a later Back to the list, from another page, starts at the page's content. */
export function forgetOpened() {
  try {
    sessionStorage.removeItem(storageKey)
  } catch {
    // Nothing to forget.
  }
}
