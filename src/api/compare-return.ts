/** Where a comparison was opened from, when a shortlist opened it: its address, to go back to. */
export interface CompareReturnState {
  fromShortlist: string
}

/** The shortlist a comparison was opened from, read from the history entry's state; null when none (or not one's). */
export function shortlistReturn(state: unknown): string | null {
  const from = (state as Partial<CompareReturnState> | null)?.fromShortlist
  return typeof from === 'string' && from.startsWith('/recommendations/') ? from : null
}
