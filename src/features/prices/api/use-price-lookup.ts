import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { SpotPrice } from '../../../api/contract/prices'
import { missingPriceReason, spotPriceQueries } from '../../../api/queries/spot-prices'

export interface PriceLookupResult {
  pending: number
  errors: unknown[]
  priced: SpotPrice[]
  unknown: string[]
  unpriced: string[]
  retry: () => void
}

/**
 * One cached entry per key, so prices another view already fetched cost nothing, and the rest leave through
 * the batcher in requests of at most 100 keys.
 */
export function usePriceLookup(keys: readonly string[]): PriceLookupResult {
  const combine = useCallback(
    (results: UseQueryResult<SpotPrice | null>[]): PriceLookupResult => {
      const lookup: PriceLookupResult = { pending: 0, errors: [], priced: [], unknown: [], unpriced: [], retry: () => {} }
      results.forEach((result, index) => {
        if (result.isPending) lookup.pending++
        else if (result.isError) lookup.errors.push(result.error)
        else if (result.data) lookup.priced.push(result.data)
        else if (missingPriceReason(keys[index]) === 'unknown') lookup.unknown.push(keys[index])
        else lookup.unpriced.push(keys[index])
      })
      lookup.retry = () => {
        for (const result of results) if (result.isError) void result.refetch()
      }
      return lookup
    },
    [keys],
  )
  return useQueries({ queries: keys.map((key) => spotPriceQueries.byKey(key)), combine })
}
