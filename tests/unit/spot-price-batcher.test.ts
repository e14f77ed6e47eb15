import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { PriceBatch, SpotPrice } from '../../src/api/contract/prices'
import { createSpotPriceBatcher, primeSpotPrices, spotPriceQueries } from '../../src/api/queries/spot-prices'

const price = (key: string, value = 10): SpotPrice => ({
  key,
  name: `Project ${key}`,
  value,
  basis: 'quote',
  low: null,
  high: null,
  quote: null,
  currency: 'USD',
  unit: 'tCO2e',
  as_of: '2026-11-01T09:30:00Z',
  source: 'Market prices (simulated)',
  simulated: true,
})

/** A stand-in for the batch endpoint: keys starting with X are unknown, with U known but unpriced. */
function fakeMarket() {
  const calls: string[][] = []
  const fetchBatch = async (keys: string[]): Promise<PriceBatch> => {
    calls.push(keys)
    return {
      object: 'list',
      data: keys.filter((k) => !/^[XU]/.test(k)).map((k) => price(k)),
      unknown_keys: keys.filter((k) => k.startsWith('X')),
      unpriced_keys: keys.filter((k) => k.startsWith('U')),
    }
  }
  return { calls, fetchBatch }
}

const keys = (n: number, prefix = 'VCS') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`)

describe('the spot price batcher', () => {
  it("asks for a key as Credence spells it, so OffsetsDB's GLD12285 finds GS12285's price and shares its entry", async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch })
    // The API answers a price under its own key: asked as GLD12285, the answer's GS12285 was taken for another key's,
    // and the lookup said "not priced yet".
    const [gld, gs] = await Promise.all([batcher.load('gld12285'), batcher.load('GS12285')])
    expect(market.calls).toEqual([['GS12285']])
    expect(gld?.key).toBe('GS12285')
    expect(gs).toBe(gld)
    expect(spotPriceQueries.byKey('GLD12285').queryKey).toEqual(spotPriceQueries.byKey('GS12285').queryKey)
  })

  it('sends the keys asked for within one window as one request', async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch })
    const prices = await Promise.all(keys(40).map((k) => batcher.load(k)))
    expect(market.calls).toHaveLength(1)
    expect(market.calls[0]).toHaveLength(40)
    expect(prices.map((p) => p?.key)).toEqual(keys(40))
  })

  it('splits more than 100 keys into requests of at most 100', async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch })
    await Promise.all(keys(250).map((k) => batcher.load(k)))
    expect(market.calls.map((c) => c.length)).toEqual([100, 100, 50])
    expect(new Set(market.calls.flat()).size).toBe(250)
  })

  it('asks for a key once however often and in whatever case it is asked for', async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch })
    const [a, b, c] = await Promise.all([batcher.load('gs337'), batcher.load('GS337'), batcher.load(' Gs337 ')])
    expect(market.calls).toEqual([['GS337']])
    expect(a).toEqual(price('GS337'))
    expect(b).toBe(a)
    expect(c).toBe(a)
  })

  it('resolves unknown and unpriced keys to null, not an error, and remembers why', async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch })
    const [known, unknown, unpriced] = await Promise.all([batcher.load('VCS1'), batcher.load('XNOPE'), batcher.load('U42')])
    expect(known?.value).toBe(10)
    expect(unknown).toBeNull()
    expect(unpriced).toBeNull()
    expect(batcher.missingReason('xnope')).toBe('unknown')
    expect(batcher.missingReason('U42')).toBe('unpriced')
    expect(batcher.missingReason('VCS1')).toBeUndefined()
  })

  it('rejects every key of a request that failed, and only those', async () => {
    const calls: string[][] = []
    const batcher = createSpotPriceBatcher({
      maxKeys: 2,
      fetchBatch: async (batch) => {
        calls.push(batch)
        if (batch.includes('BAD1')) throw new Error('quota used up')
        return { object: 'list', data: batch.map((k) => price(k)), unknown_keys: [], unpriced_keys: [] }
      },
    })
    const results = await Promise.allSettled(['OK1', 'OK2', 'BAD1', 'OK3'].map((k) => batcher.load(k)))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected'])
    expect(calls).toHaveLength(2)
  })

  it('starts a new request for keys asked for after the window closed', async () => {
    const market = fakeMarket()
    const batcher = createSpotPriceBatcher({ fetchBatch: market.fetchBatch, windowMs: 1 })
    await batcher.load('VCS1')
    await batcher.load('VCS2')
    expect(market.calls).toEqual([['VCS1'], ['VCS2']])
  })
})

describe('the per-key price cache', () => {
  it('keys each price by its upper-cased project key, under prices/spot', () => {
    expect(spotPriceQueries.byKey('vcs191').queryKey).toEqual(['prices', 'spot', 'VCS191'])
  })

  it('is seeded from prices that arrived with another response', () => {
    const queryClient = new QueryClient()
    primeSpotPrices(queryClient, [price('GS337', 7.5), price('vcs191', 4.7)])
    expect(queryClient.getQueryData(spotPriceQueries.byKey('GS337').queryKey)?.value).toBe(7.5)
    expect(queryClient.getQueryData(spotPriceQueries.byKey('VCS191').queryKey)?.value).toBe(4.7)
  })
})
