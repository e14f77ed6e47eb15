import { describe, expect, it } from 'vitest'
import { allocateBudget } from '../../src/server/ranking/allocate'
import { topIndices } from '../../src/server/ranking/recommend'
import { cellFreshness, priceFit, totalScore } from '../../src/server/ranking/score'

describe('topIndices', () => {
  it('returns the best k in order, the same as a full sort would', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 503)
    const byValue = (a: number, b: number) => values[b] - values[a] || a - b
    const sorted = Array.from(values.keys()).sort(byValue).slice(0, 10)
    expect(topIndices(values.length, 10, byValue)).toEqual(sorted)
    expect(topIndices(3, 10, byValue)).toEqual([0, 1, 2].sort(byValue))
  })
})

describe('the score', () => {
  it('leaves co-benefits out and renormalises when none are asked for', () => {
    expect(totalScore({ quality: 1, co_benefits: null, price_fit: 1, freshness: 1 })).toBeCloseTo(1)
    expect(totalScore({ quality: 1, co_benefits: 0, price_fit: 1, freshness: 1 })).toBeCloseTo(0.75)
  })

  it('counts freshness fully within one cadence and not at all from four', () => {
    expect(cellFreshness(20, 24)).toBe(1)
    expect(cellFreshness(48, 24)).toBeCloseTo(2 / 3)
    expect(cellFreshness(96, 24)).toBe(0)
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
