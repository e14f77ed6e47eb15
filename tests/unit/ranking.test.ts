import { describe, expect, it } from 'vitest'
import { allocateBudget } from '../../src/server/ranking/split-budget'
import { topIndices } from '../../src/server/ranking/select'
import { freshnessCredit } from '../../src/server/catalogue/freshness'
import { priceFit, totalScore } from '../../src/server/ranking/score'

describe('topIndices', () => {
  it('returns the best k in order, the same as a full sort would', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 503)
    const byValue = (a: number, b: number) => values[b] - values[a] || a - b
    const sorted = Array.from(values.keys()).sort(byValue).slice(0, 10)
    expect(topIndices(values.length, 10, byValue)).toEqual(sorted)
    expect(topIndices(3, 10, byValue)).toEqual([0, 1, 2].sort(byValue))
  })

  it('passes over on the leading values alone and still breaks their ties by compare', () => {
    // Few distinct values: most of the best ten tie, and the tie-break decides which of them are in.
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 7)
    const byValue = (a: number, b: number) => values[b] - values[a] || b - a
    const sorted = Array.from(values.keys()).sort(byValue).slice(0, 10)
    expect(topIndices(values.length, 10, byValue, Float64Array.from(values))).toEqual(sorted)
  })
})

describe('the score', () => {
  it('leaves co-benefits out and renormalises when none are asked for', () => {
    expect(totalScore({ quality: 1, co_benefits: null, price_fit: 1, freshness: 1 })).toBeCloseTo(1)
    expect(totalScore({ quality: 1, co_benefits: 0, price_fit: 1, freshness: 1 })).toBeCloseTo(0.75)
  })

  it('counts freshness fully within one cadence and not at all from four', () => {
    expect(freshnessCredit(20, 24)).toBe(1)
    expect(freshnessCredit(48, 24)).toBeCloseTo(2 / 3)
    expect(freshnessCredit(96, 24)).toBe(0)
  })

  it('fits the cheapest candidate best, on a log scale', () => {
    expect(priceFit(1, { min: 1, max: 1000 })).toBe(1)
    expect(priceFit(1000, { min: 1, max: 1000 })).toBe(0)
    expect(priceFit(31.62, { min: 1, max: 1000 })).toBeCloseTo(0.5, 2)
  })
})

describe('allocateBudget', () => {
  it('never spends more than the budget and never more tonnes than remain', () => {
    const items = [
      { score: 0.9, priceCents: 1234, remaining: 10 },
      { score: 0.5, priceCents: 99, remaining: 1_000_000 },
      { score: 0.1, priceCents: 100_000, remaining: 5 },
    ]
    for (const budget of [0.99, 100, 12_345.67, 1e9]) {
      const allocation = allocateBudget(budget, items)
      const spent = allocation.reduce((sum, a) => sum + a.costCents, 0)
      expect(spent).toBeLessThanOrEqual(Math.floor(budget * 100))
      allocation.forEach((a, i) => expect(a.tonnes).toBeLessThanOrEqual(items[i].remaining))
    }
  })

  it('passes what the first project cannot take down the ranking', () => {
    const allocation = allocateBudget(10_000, [
      { score: 1, priceCents: 1000, remaining: 10 },
      { score: 1, priceCents: 1000, remaining: 10_000 },
    ])
    expect(allocation[0].tonnes).toBe(10)
    expect(allocation[1].tonnes).toBe(990)
  })
})

describe('allocateBudget under portfolio caps', () => {
  const spend = (allocation: { costCents: number }[], pick: (i: number) => boolean) =>
    allocation.reduce((sum, a, i) => sum + (pick(i) ? a.costCents : 0), 0)

  it('holds each type to its cap of the allocated total, trimming the lowest-ranked of a crowded type', () => {
    const items = [
      { score: 1, priceCents: 100, remaining: 1e9, type: 0, country: 0 },
      { score: 1, priceCents: 100, remaining: 1e9, type: 0, country: 1 },
      { score: 1, priceCents: 100, remaining: 1e9, type: 1, country: 2 },
      { score: 1, priceCents: 100, remaining: 1e9, type: 2, country: 3 },
    ]
    const allocation = allocateBudget(10_000, items, { perType: 0.4, perCountry: null, minRemoval: 0 })
    const total = spend(allocation, () => true)
    expect(total).toBe(1_000_000)
    expect(spend(allocation, (i) => items[i].type === 0)).toBeLessThanOrEqual(0.4 * total)
    expect(allocation[1].heldBy).toBe('type')
    expect(allocation[0].heldBy).toBeNull()
  })

  it('spends less rather than break a cap when one group can take almost nothing', () => {
    // Three types at 40% each; the third has two tonnes: the others may hold 40% of a total they make up alone.
    const items = [
      { score: 1, priceCents: 100, remaining: 1e9, type: 0, country: 0 },
      { score: 1, priceCents: 100, remaining: 1e9, type: 1, country: 0 },
      { score: 1, priceCents: 100, remaining: 2, type: 2, country: 0 },
    ]
    const allocation = allocateBudget(10_000, items, { perType: 0.4, perCountry: null, minRemoval: 0 })
    const total = spend(allocation, () => true)
    expect(total).toBeGreaterThan(0)
    for (const type of [0, 1, 2]) expect(spend(allocation, (i) => items[i].type === type)).toBeLessThanOrEqual(0.4 * total)
  })

  it('gives removals at least their share when they can take it, and all they can when they cannot', () => {
    const items = [
      { score: 0.9, priceCents: 100, remaining: 1e9, type: 0, country: 0, removal: false },
      { score: 0.5, priceCents: 2000, remaining: 1e9, type: 1, country: 1, removal: true },
    ]
    const shared = allocateBudget(10_000, items, { perType: null, perCountry: null, minRemoval: 0.6 })
    expect(shared[1].costCents).toBeGreaterThanOrEqual(0.6 * (shared[0].costCents + shared[1].costCents))
    const scarce = allocateBudget(10_000, [items[0], { ...items[1], remaining: 3 }], { perType: null, perCountry: null, minRemoval: 0.6 })
    expect(scarce[1].tonnes).toBe(3)
    expect(scarce[0].costCents + scarce[1].costCents).toBe(1_000_000)
  })

  it('never exceeds the budget or credits remaining under caps', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ score: 1 - i / 20, priceCents: 137 + i * 911, remaining: 50 + i * 1000, type: i % 3, country: i % 4, removal: i % 5 === 0 }))
    for (const budget of [1, 99.99, 12_345.67, 1e7]) {
      const allocation = allocateBudget(budget, items, { perType: 0.4, perCountry: 0.5, minRemoval: 0.2 })
      expect(spend(allocation, () => true)).toBeLessThanOrEqual(Math.floor(budget * 100))
      allocation.forEach((a, i) => expect(a.tonnes).toBeLessThanOrEqual(items[i].remaining))
    }
  })
})
