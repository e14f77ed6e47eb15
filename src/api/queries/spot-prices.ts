import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { maxPriceKeys, priceBatch, type PriceBatch, type SpotPrice } from '../contract/prices'
import { credenceKey } from '../key-spellings'

/**
 * Spot prices are cached one entry per project key (['prices','spot',KEY]) so the browser, the project page,
 * the price lookup and the shortlist share them. Each entry is fetched through a batcher: the keys asked for
 * within one short window leave as one `market/batch` request per ≤100 keys.
 */

/** Why a key has no price: it names no known project, or the project has no quote yet. */
export type MissingPriceReason = 'unknown' | 'unpriced'

export type FetchPriceBatch = (keys: string[]) => Promise<PriceBatch>

interface Waiter {
  resolve: (price: SpotPrice | null) => void
  reject: (error: unknown) => void
}

export interface SpotPriceBatcherOptions {
  fetchBatch: FetchPriceBatch
  /** How long to wait for more keys before sending; rows mounting in one render all land in one window. */
  windowMs?: number
  maxKeys?: number
}

/** A key as the cache and the API answer it: Credence's spelling (GLD12285, OffsetsDB's, is GS12285), upper-cased. */
export const normalizeProjectKey = (key: string) => credenceKey(key.trim()).toUpperCase()

export function createSpotPriceBatcher({ fetchBatch, windowMs = 8, maxKeys = maxPriceKeys }: SpotPriceBatcherOptions) {
  let queue = new Map<string, Waiter[]>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const reasons = new Map<string, MissingPriceReason>()

  async function send(batch: Map<string, Waiter[]>) {
    const keys = [...batch.keys()]
    try {
      const answer = await fetchBatch(keys)
      const byKey = new Map(answer.data.map((price) => [normalizeProjectKey(price.key), price]))
      for (const key of answer.unknown_keys) reasons.set(normalizeProjectKey(key), 'unknown')
      for (const key of answer.unpriced_keys) reasons.set(normalizeProjectKey(key), 'unpriced')
      for (const [key, waiters] of batch) {
        const price = byKey.get(key) ?? null
        if (price) reasons.delete(key)
        // A key the API names neither priced, unknown nor unpriced is still not priced: say so, not an error.
        else if (!reasons.has(key)) reasons.set(key, 'unpriced')
        for (const waiter of waiters) waiter.resolve(price)
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error)
    }
  }

  function flush() {
    clearTimeout(timer)
    timer = undefined
    const pending = queue
    queue = new Map()
    let chunk = new Map<string, Waiter[]>()
    for (const [key, waiters] of pending) {
      chunk.set(key, waiters)
      if (chunk.size === maxKeys) {
        void send(chunk)
        chunk = new Map()
      }
    }
    if (chunk.size > 0) void send(chunk)
  }

  return {
    /** Resolves with the key's spot price, or null when the key is unknown or not priced. */
    load(rawKey: string): Promise<SpotPrice | null> {
      const key = normalizeProjectKey(rawKey)
      return new Promise((resolve, reject) => {
        const waiters = queue.get(key)
        if (waiters) waiters.push({ resolve, reject })
        else queue.set(key, [{ resolve, reject }])
        // The window is measured from the first key, so a steady trickle of keys cannot postpone the request.
        timer ??= setTimeout(flush, windowMs)
      })
    },
    /** Why the last answer for this key carried no price, if it carried none. */
    missingReason(rawKey: string): MissingPriceReason | undefined {
      return reasons.get(normalizeProjectKey(rawKey))
    },
    flush,
  }
}

export type SpotPriceBatcher = ReturnType<typeof createSpotPriceBatcher>

// The batched request is shared by many queries, so it takes no caller's abort signal: one row scrolling out
// of view must not cancel the prices of the others, and an answer that arrives anyway still fills the cache.
const batcher = createSpotPriceBatcher({
  fetchBatch: (keys) =>
    apiGet(endpointUrl(endpoints.batchSpotPrices, {}, { projectKeys: keys.join(',') }), priceBatch),
})

export const spotPriceQueries = {
  all: () => ['prices'] as const,
  spot: () => [...spotPriceQueries.all(), 'spot'] as const,
  byKey: (key: string) =>
    queryOptions({
      queryKey: [...spotPriceQueries.spot(), normalizeProjectKey(key)] as const,
      queryFn: () => batcher.load(key),
      // Quotes move slowly next to a session; a price already seen is not asked for again on another view.
      staleTime: 5 * 60_000,
    }),
}

/** Why the key's cached entry is null: unknown project or not priced yet (undefined if not known). */
export const missingPriceReason = (key: string) => batcher.missingReason(key)

/** Seeds the per-key entries from prices that arrived in another response (a shortlist, a batch). */
export function primeSpotPrices(queryClient: QueryClient, prices: readonly SpotPrice[]) {
  for (const price of prices) queryClient.setQueryData(spotPriceQueries.byKey(price.key).queryKey, price)
}
