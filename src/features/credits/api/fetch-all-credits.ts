import type { QueryClient } from '@tanstack/react-query'
import type { CreditFilter, CreditRecord } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

/** The most the API gives in one page: an export of the filter reads it in pages this size. */
export const exportPageSize = 500

/**
 * Every record the filter keeps, a page at a time through the shared list query, each page after the cursor the
 * one before gave: the API answers each in the same time at any depth, and pages neither overlap nor skip.
 */
export async function fetchAllCredits(
  queryClient: QueryClient,
  filter: CreditFilter,
  { onProgress, signal }: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
): Promise<CreditRecord[]> {
  const records: CreditRecord[] = []
  for (let after: string | undefined; ; ) {
    signal.throwIfAborted()
    const result = await queryClient.fetchQuery({ ...creditQueries.list({ ...filter, after, per_page: exportPageSize }), staleTime: 60_000 })
    signal.throwIfAborted()
    records.push(...result.data)
    // An estimated total may fall short of what is read: the progress never runs past its end.
    onProgress(records.length, Math.max(result.total, records.length))
    if (!result.next_after) return records
    after = result.next_after
  }
}
