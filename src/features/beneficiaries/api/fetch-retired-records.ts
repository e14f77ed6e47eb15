import type { QueryClient } from '@tanstack/react-query'
import type { CreditRecord } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

/** The most the API gives in one page. */
export const recordsPageSize = 500

/** Every record retired for the beneficiary, a page at a time through the shared list query, each after the cursor the one before gave. */
export async function fetchRetiredRecords(
  queryClient: QueryClient,
  name: string,
  { onProgress, signal }: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
): Promise<CreditRecord[]> {
  const records: CreditRecord[] = []
  for (let after: string | undefined; ; ) {
    signal.throwIfAborted()
    const result = await queryClient.fetchQuery({ ...creditQueries.list({ retired_for: name, after, per_page: recordsPageSize }), staleTime: 60_000 })
    records.push(...result.data)
    onProgress(records.length, Math.max(result.total, records.length))
    if (!result.next_after) return records
    after = result.next_after
  }
}
