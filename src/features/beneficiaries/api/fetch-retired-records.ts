import type { QueryClient } from '@tanstack/react-query'
import type { CreditRecord } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

/** The most the API gives in one page. */
export const recordsPageSize = 500

/** Every record retired for the beneficiary, a page at a time through the shared list query. */
export async function fetchRetiredRecords(
  queryClient: QueryClient,
  name: string,
  { onProgress, signal }: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
): Promise<CreditRecord[]> {
  const records: CreditRecord[] = []
  for (let page = 1; ; page++) {
    signal.throwIfAborted()
    const result = await queryClient.fetchQuery({ ...creditQueries.list({ retired_for: name, page, per_page: recordsPageSize }), staleTime: 60_000 })
    records.push(...result.data)
    onProgress(records.length, result.total)
    if (result.data.length < recordsPageSize || records.length >= result.total) return records
  }
}
