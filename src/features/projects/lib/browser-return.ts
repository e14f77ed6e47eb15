/** Navigation state a project page reads to return to the browser with the filters the reader left it with. */
export interface BrowserReturnState {
  browserSearch: string
}

export function browserReturnSearch(state: unknown): string {
  if (state && typeof state === 'object' && 'browserSearch' in state && typeof state.browserSearch === 'string') {
    return state.browserSearch.startsWith('?') ? state.browserSearch : ''
  }
  return ''
}
