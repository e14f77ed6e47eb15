import type { QueryClient } from '@tanstack/react-query'
import type { CreditListQuery, CreditRecord } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

/** The most the API gives in one page: an export of the filter reads it in pages this size. */
export const exportPageSize = 500

/**
 * Every record the filter keeps, a page at a time through the shared list query. The API orders by day, then
 * id, so pages neither overlap nor skip.
 */
export async function fetchAllCredits(
  queryClient: QueryClient,
  query: CreditListQuery,
  { onProgress, signal }: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
): Promise<CreditRecord[]> {
  const records: CreditRecord[] = []
  for (let page = 1; ; page++) {
    signal.throwIfAborted()
    const result = await queryClient.fetchQuery({ ...creditQueries.list({ ...query, page, per_page: exportPageSize }), staleTime: 60_000 })
    signal.throwIfAborted()
    records.push(...result.data)
    onProgress(records.length, result.total)
    if (result.data.length < exportPageSize || records.length >= result.total) return records
  }
}
