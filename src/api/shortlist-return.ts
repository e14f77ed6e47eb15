/** Where a comparison or a project's page was opened from, when a shortlist opened it: its address, to go back to. */
export interface ShortlistReturnState {
  fromShortlist: string
}

/**
 * The shortlist a page was opened from, read from the history entry's state; null when none, or when what it names
 * is not a shortlist's address (`isShortlist`, from the route table).
 */
export function shortlistReturn(state: unknown, isShortlist: (path: string) => boolean): string | null {
  const from = (state as Partial<ShortlistReturnState> | null)?.fromShortlist
  return typeof from === 'string' && isShortlist(from) ? from : null
}
