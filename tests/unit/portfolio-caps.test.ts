import { describe, expect, it } from 'vitest'
import { allocateBudget } from '../../src/server/ranking/split-budget'
import { feasibleCap, selectShortlist } from '../../src/server/ranking/portfolio'
import { splitBudget, spendItemsOf, wholeTonneSlack } from '../../src/server/ranking/split-budget'
import type { SpendCaps } from '../../src/server/ranking/spend-flow'
import { widenForWholeTonnes } from '../../src/server/ranking/cap-relaxation'

/** Caps a whole-tonne allocation can keep: never one that only exactly equal shares would meet. */
describe('caps that whole tonnes can keep', () => {
  it('widens a cap that over-constrains, or that only exactly equal shares would meet, to just above an equal share', () => {
    expect(feasibleCap(0.4, 2)).toBe(0.5001)
    expect(feasibleCap(0.25, 4)).toBe(0.2501)
    expect(feasibleCap(0.3, 3)).toBe(0.3334)
    expect(feasibleCap(0.25, 5)).toBe(0.25)
    expect(feasibleCap(0.5, 1)).toBe(1)
    expect(feasibleCap(1, 1)).toBe(1)
    expect(feasibleCap(null, 4)).toBeNull()
  })

  it('shortlists more groups than an exact split: 25% per type over 12 places takes at most two of a type', () => {
    const types = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    // Scores favour the first four types, three projects each: an exact split of the money the walk must avoid.
    const order = Array.from({ length: 21 }, (_, i) => i)
    const facts = { typeOf: (i: number) => types[Math.floor(i / 3)], countryOf: (i: number) => `c${i}`, carriesShare: () => false }
    const selection = selectShortlist(order, facts, 12, { max_share_per_type: 0.25, max_share_per_country: null, min_removal_share: 0 })
    const perType = new Map<string, number>()
    for (const i of selection.chosen) perType.set(facts.typeOf(i), (perType.get(facts.typeOf(i)) ?? 0) + 1)
    expect(Math.max(...perType.values())).toBe(2)
    expect(perType.size).toBe(6)
    // 40% of 10 places is still 4: two and a half groups are no exact split.
    const wider = selectShortlist(order, facts, 10, { max_share_per_type: 0.4, max_share_per_country: null, min_removal_share: 0 })
    expect(wider.chosen).toHaveLength(10)
  })

  it('holds a project two registries list once: its second listing is passed over, and fills no place', () => {
    // 1 and 2 are ACR560 and CAR2054, one compliance project; the walk takes the better of them and goes on.
    const projectOf = (i: number) => (i === 1 || i === 2 ? 'CAMM5560' : `p${i}`)
    const facts = { typeOf: (i: number) => `t${i}`, countryOf: (i: number) => `c${i}`, carriesShare: () => false, projectOf }
    const none = { max_share_per_type: null, max_share_per_country: null, min_removal_share: 0 }
    expect(selectShortlist([0, 1, 2, 3], facts, 3, none)).toMatchObject({ chosen: [0, 1, 3], leftOut: [], complete: true })
    // Too few projects to fill the shortlist: the second listing still fills no place.
    expect(selectShortlist([0, 1, 2], facts, 3, none)).toMatchObject({ chosen: [0, 1], complete: false })
    // Without the rule, each listing is a project.
    expect(selectShortlist([0, 1, 2, 3], { ...facts, projectOf: undefined }, 3, none).chosen).toEqual([0, 1, 2])
  })

  it('names a cap the walk left a project out for as the brief gave it, to the hundredth: 0.5% is not "1%"', () => {
    const order = [0, 1, 2, 3]
    const facts = { typeOf: (i: number) => `t${i}`, countryOf: (i: number) => (i < 2 ? 'Mexico' : `c${i}`), carriesShare: () => false }
    const selection = selectShortlist(order, facts, 3, { max_share_per_type: null, max_share_per_country: 0.005, min_removal_share: 0 })
    expect(selection.leftOut.map((left) => left.why)).toEqual(['Mexico already held 1 of the 3 places, the most the country cap (0.5% of the money) lets one country hold'])
    // An exact split keeps a place back: 50% of 10 places is 4, and the reason says it is as many as the cap gives,
    // where "4 of the 10 places (country cap: 50%)" read as under it.
    const halves = { typeOf: (i: number) => `t${i}`, countryOf: (i: number) => (i < 6 ? 'United States' : `c${i}`), carriesShare: () => false }
    const split = selectShortlist([...Array(12).keys()], halves, 10, { max_share_per_type: null, max_share_per_country: 0.5, min_removal_share: 0 })
    expect(split.leftOut[0].why).toBe('United States already held 4 of the 10 places, the most the country cap (50% of the money) lets one country hold')
  })

  // Berkeley's $250,000 removals-only brief: its removals with credits span three types, 4 + 5 + 1 of them within
  // the 40% cap, nine places; the tenth went to the best reduction, which the budget then gave nothing.
  it('fills a removals-only shortlist with removals past their type\'s places before any reduction', () => {
    // 0 to 2 are reductions, first by score; then five removals of type r1, and one of r2.
    const order = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    const facts = { typeOf: (i: number) => (i < 3 ? `reduction ${i}` : i < 8 ? 'r1' : 'r2'), countryOf: (i: number) => `c${i}`, carriesShare: (i: number) => i >= 3 }
    const selection = selectShortlist(order, facts, 5, { max_share_per_type: 0.4, max_share_per_country: null, min_removal_share: 1 })
    expect(selection.chosen.every((i) => i >= 3)).toBe(true)
    expect(selection.chosen).toHaveLength(5)
    expect(selection.leftOut.filter((left) => left.cap === 'removals').map((left) => left.index)).toEqual([0, 1, 2])
  })

  it('ranks a removals-only brief\'s removals among removals: the best of them is not "brought in" past the reductions', () => {
    const order = [0, 1, 2, 3, 4, 5, 6, 7]
    // Reductions 0 to 2; removals 3 to 7, of which 3 to 5 share a type a cap of 40% over 3 places holds to one.
    const facts = { typeOf: (i: number) => (i < 3 ? 'reduction' : i < 6 ? 'r1' : `r${i}`), countryOf: (i: number) => `c${i}`, carriesShare: (i: number) => i >= 3 }
    const selection = selectShortlist(order, facts, 3, { max_share_per_type: 0.4, max_share_per_country: null, min_removal_share: 1 })
    expect(selection.chosen).toEqual([3, 6, 7])
    // 3 is the best removal; 6 and 7, the fourth and fifth, are brought in past 4 and 5 by the type's cap.
    expect([...selection.broughtIn]).toEqual([
      [6, { rank: 4, among: 'removals', by: 'diversity' }],
      [7, { rank: 5, among: 'removals', by: 'diversity' }],
    ])
  })

  it('says a removal the places kept for removals took was brought in by their share, not by diversity', () => {
    const order = [0, 1, 2, 3, 4, 5]
    const facts = { typeOf: (i: number) => `t${i}`, countryOf: (i: number) => `c${i}`, carriesShare: (i: number) => i === 5 }
    const selection = selectShortlist(order, facts, 4, { max_share_per_type: null, max_share_per_country: null, min_removal_share: 0.25 })
    expect(selection.chosen).toEqual([0, 1, 2, 5])
    expect(selection.broughtIn.get(5)).toEqual({ rank: 6, among: 'candidates', by: 'removals' })
    expect(selection.leftOut.map((left) => [left.index, left.cap])).toEqual([[3, 'removals']])
  })

  it('keeps every type within 25% of what it allocates, in whole tonnes, when six types share the money', () => {
    const prices = [1234, 999, 1711, 877, 1503, 2011]
    const items = prices.flatMap((price, type) => [0, 1].map((k) => ({ score: 0.9 - type * 0.05 - k * 0.01, priceCents: price + k, remaining: 1_000_000, type, country: type * 2 + k })))
    const allocation = allocateBudget(2_000_000, items, { perType: 0.25, perCountry: null, minRemoval: 0 })
    const total = allocation.reduce((sum, a) => sum + a.costCents, 0)
    expect(total).toBeGreaterThan(0.99 * 200_000_000)
    for (let type = 0; type < prices.length; type++) {
      const spend = allocation.reduce((sum, a, i) => sum + (items[i].type === type ? a.costCents : 0), 0)
      expect(spend).toBeLessThanOrEqual(0.25 * total)
    }
  })

  it('widens only as far as whole tonnes need a cap that one group each of types and countries makes exact, both alike, each said once', () => {
    // Berkeley's $1,000 brief held to 10% per type and per country shortlisted ten projects of ten types in ten
    // countries at these prices: the country cap alone held the spend back, yet the type cap, weighed first beside it,
    // went to 100%, and the notes said 10.01% and 100% of one cap.
    const prices = [350, 770, 770, 870, 75, 165, 220, 650, 220, 220]
    const items = prices.map((priceCents, i) => ({ score: 0.6 - i * 0.01, priceCents, remaining: 1_000_000, type: i, country: i, removal: false }))
    const budgetCents = 100_000
    const { spend } = spendItemsOf(items, budgetCents)
    const caps = { max_share_per_type: feasibleCap(0.1, 10), max_share_per_country: feasibleCap(0.1, 10), min_removal_share: 0 }
    const relaxed: string[] = []
    const widened = widenForWholeTonnes(spend, caps, { max_share_per_type: 0.1, max_share_per_country: 0.1, min_removal_share: 0 }, { max_share_per_type: 10, max_share_per_country: 10 }, relaxed, budgetCents, wholeTonneSlack(items), wholeSpendOf(items, budgetCents))
    expect([...widened]).toEqual(['max_share_per_type', 'max_share_per_country'])
    expect(caps.max_share_per_type).toBe(caps.max_share_per_country)
    expect(caps.max_share_per_type).toBeGreaterThan(0.1001)
    expect(caps.max_share_per_type).toBeLessThan(0.11)
    const held = `${(caps.max_share_per_type! * 100).toFixed(2)}%`
    expect(relaxed).toEqual([
      `The shortlist spans only 10 project types, so no project type could be held to 10% of the spend, and whole tonnes at these prices cannot split it as evenly as 10.01% each: each is held to ${held} instead.`,
      `The shortlist spans only 10 countries, so no country could be held to 10% of the spend, and whole tonnes at these prices cannot split it as evenly as 10.01% each: each is held to ${held} instead.`,
    ])
    // Many types in few countries: only the country cap gives way.
    const fewCountries = items.map((item, i) => ({ ...item, country: i % 3 }))
    const { spend: spread } = spendItemsOf(fewCountries, budgetCents)
    const countryOnly = { max_share_per_type: 0.4, max_share_per_country: feasibleCap(0.3, 3), min_removal_share: 0 }
    const said: string[] = []
    expect([...widenForWholeTonnes(spread, countryOnly, { ...countryOnly, max_share_per_country: 0.3 }, { max_share_per_type: 10, max_share_per_country: 3 }, said, budgetCents, wholeTonneSlack(fewCountries), wholeSpendOf(fewCountries, budgetCents))]).toEqual(['max_share_per_country'])
    expect(countryOnly.max_share_per_type).toBe(0.4)
  })

  it('widens no cap that whole tonnes themselves keep, where a tonne of every project held against it finds no room', () => {
    // Berkeley's $50,000 brief for removals only: eight reforestation projects at $21.30, 10 t of biochar at $140 and
    // 2 t of concrete at $400. The 40% type cap holds in whole tonnes (68 t of reforestation, 39.7% of $3,648.40);
    // held against a tonne of each of the ten, it read "held to 48.34% for whole tonnes".
    const items = [
      ...Array.from({ length: 8 }, (_, i) => ({ score: 0.6 - i * 0.01, priceCents: 2_130, remaining: 1_000_000, type: 0, country: i, removal: true })),
      { score: 0.5, priceCents: 14_000, remaining: 10, type: 1, country: 8, removal: true },
      { score: 0.49, priceCents: 40_000, remaining: 2, type: 2, country: 9, removal: true },
    ]
    const budgetCents = 5_000_000
    const { spend } = spendItemsOf(items, budgetCents)
    const caps = { max_share_per_type: 0.4, max_share_per_country: 0.5, min_removal_share: 1 }
    const relaxed: string[] = []
    const widened = widenForWholeTonnes(spend, caps, { ...caps }, { max_share_per_type: 3, max_share_per_country: 10 }, relaxed, budgetCents, wholeTonneSlack(items), wholeSpendOf(items, budgetCents))
    expect([...widened]).toEqual([])
    expect(relaxed).toEqual([])
    const split = splitBudget(budgetCents / 100, items, { perType: 0.4, perCountry: 0.5, minRemoval: 1 }, true)
    const reforestation = split.allocation.slice(0, 8).reduce((sum, a) => sum + a.costCents, 0)
    const total = split.allocation.reduce((sum, a) => sum + a.costCents, 0)
    expect(total).toBeGreaterThan(360_000)
    expect(reforestation / total).toBeLessThanOrEqual(0.4)
  })
})

/** What whole tonnes split at some caps spend, as the shortlist's allocation weighs a cap before widening it. */
const wholeSpendOf = (items: Parameters<typeof splitBudget>[1], budgetCents: number) => (held: SpendCaps) =>
  splitBudget(budgetCents / 100, items, held, true).allocation.reduce((sum, a) => sum + a.costCents, 0)
