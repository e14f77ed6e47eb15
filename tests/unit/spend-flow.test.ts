import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bindingLimits, mostSpendable, spendFlow, type SpendCaps, type SpendItem } from '../../src/server/ranking/spend-flow'

const item = (capacity: number, type: number, country: number, removal = false): SpendItem => ({ capacity, type, country, removal })
const open: SpendCaps = { perType: null, perCountry: null, minRemoval: 0 }

/** Whether a split of money holds every cap against its own total. */
function holds(items: readonly SpendItem[], x: readonly number[], caps: SpendCaps, slack = 1e-3): boolean {
  const total = x.reduce((s, v) => s + v, 0)
  const sum = (pick: (i: SpendItem) => boolean) => x.reduce((s, v, j) => s + (pick(items[j]) ? v : 0), 0)
  const within = (key: 'type' | 'country', cap: number | null) => cap === null || items.every((i) => sum((j) => j[key] === i[key]) <= cap * total + slack)
  return x.every((v, j) => v >= -1e-6 && v <= items[j].capacity + 1e-6) && within('type', caps.perType) && within('country', caps.perCountry) && sum((i) => !i.removal) <= (1 - caps.minRemoval) * total + slack
}

describe('the most a shortlist can spend within its caps', () => {
  it('spends the whole budget when nothing holds it back, and what the credits hold when they do', () => {
    expect(mostSpendable([item(500, 0, 0), item(700, 1, 1)], open, 1000)).toBe(1000)
    expect(mostSpendable([item(300, 0, 0), item(200, 1, 1)], open, 1000)).toBe(500)
  })

  it('cannot spend anything under a cap two types cannot meet together (40% each)', () => {
    expect(mostSpendable([item(1e6, 0, 0), item(1e6, 1, 1)], { ...open, perType: 0.4 }, 10_000)).toBe(0)
  })

  it('spends what a small group lets the others take: three types at 40%, one with 200 cents, reach 1,000', () => {
    // t0 ≤ 0.4T, t1 ≤ 0.4T, t2 ≤ 200: T ≤ 0.8T + 200, so T ≤ 1,000.
    const items = [item(1e6, 0, 0), item(1e6, 1, 0), item(200, 2, 0)]
    expect(mostSpendable(items, { ...open, perType: 0.4 }, 100_000)).toBeGreaterThanOrEqual(999)
    expect(mostSpendable(items, { ...open, perType: 0.4 }, 100_000)).toBeLessThanOrEqual(1000)
    expect([...bindingLimits(items, { ...open, perType: 0.4 }, 1000, 100_000)].sort()).toEqual(['credits', 'type'])
  })

  it('holds the removals to their share: removals of 300 cents at a 60% share carry a total of 500', () => {
    const items = [item(1e6, 0, 0), item(300, 1, 1, true)]
    expect(mostSpendable(items, { ...open, minRemoval: 0.6 }, 100_000)).toBeGreaterThanOrEqual(499)
    expect(mostSpendable(items, { ...open, minRemoval: 0.6 }, 100_000)).toBeLessThanOrEqual(500)
    expect(bindingLimits(items, { ...open, minRemoval: 0.6 }, 500, 100_000).has('removal')).toBe(true)
  })

  it('leaves room for whole tonnes: with a slack the caps hold against the total less the slack', () => {
    const items = [item(1e6, 0, 0), item(1e6, 1, 1), item(1e6, 2, 2)]
    expect(mostSpendable(items, { ...open, perType: 0.34 }, 10_000, 0)).toBe(10_000)
    // 3 × 0.34 × (T − 100) ≥ T needs T ≥ 5,100: a budget of 3,000 cannot.
    expect(mostSpendable(items, { ...open, perType: 0.34 }, 3000, 100)).toBe(0)
    expect(mostSpendable(items, { ...open, perType: 0.34 }, 10_000, 100)).toBe(10_000)
  })

  it('finds a split that holds every cap at the total it says, and no random split that holds them spends more (fixed seed)', () => {
    const instance = fc.record({
      // A type removes or reduces, as the vocabulary makes every type one or the other: types 2 and 3 remove.
      items: fc.array(
        fc.record({ capacity: fc.integer({ min: 0, max: 5000 }), type: fc.integer({ min: 0, max: 3 }), country: fc.integer({ min: 0, max: 3 }) }).map((i) => ({ ...i, removal: i.type >= 2 })),
        { minLength: 1, maxLength: 6 },
      ),
      perType: fc.option(fc.integer({ min: 20, max: 100 }).map((n) => n / 100), { nil: null }),
      perCountry: fc.option(fc.integer({ min: 20, max: 100 }).map((n) => n / 100), { nil: null }),
      minRemoval: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      budget: fc.integer({ min: 1, max: 20_000 }),
      tries: fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 }), { minLength: 30, maxLength: 30 }),
    })
    fc.assert(
      fc.property(instance, ({ items, perType, perCountry, minRemoval, budget, tries }) => {
        const caps = { perType, perCountry, minRemoval }
        const most = mostSpendable(items, caps, budget)
        expect(most).toBeLessThanOrEqual(budget)
        if (most > 0) {
          const split = spendFlow(items, caps, most, 0, items.map(() => 0))
          expect(Math.abs(split.reduce((s, v) => s + v, 0) - most)).toBeLessThanOrEqual(1)
          expect(holds(items, split, caps)).toBe(true)
        }
        for (const weights of tries) {
          const x = items.map((i, j) => i.capacity * weights[j])
          const total = x.reduce((s, v) => s + v, 0)
          if (total <= budget && holds(items, x, caps, 1e-9)) expect(total).toBeLessThanOrEqual(most + 1)
        }
      }),
      { seed: 3141, numRuns: 300 },
    )
  })
})
