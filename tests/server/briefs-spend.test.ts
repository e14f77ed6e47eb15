import { existsSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Brief, Recommendation } from '../../src/api/contract/recommendations'
import { loadCatalogue } from '../../src/server/catalogue/load'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { scoped } from '../../src/server/db/queries/scoped'
import { candidateAt, candidatePool, type Candidate, type CandidatePool } from '../../src/server/ranking/pool'
import { recommend } from '../../src/server/ranking/recommend'
import { toRecommendation } from '../../src/server/present/recommendation'
import { longestShortlist } from '../../src/server/ranking/grow-shortlist'
import { mostSpendable, type SpendItem } from '../../src/server/ranking/spend-flow'
import { seededStoreFolder } from '../support/api-server'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

/**
 * Briefs spend what they can: on Berkeley's catalogue, ranked in-process (the catalogue loaded once), every brief
 * that the catalogue holds enough credits for is allocated at least 90% of its budget; one that it does not says,
 * in its notes, which of the brief's own constraints binds, naming nothing the brief did not set.
 */
const now = new Date(Date.UTC(2026, 0, 15, 12))
let database: DatabaseHandle
let pool: CandidatePool
let everyone: { candidate: Candidate; nature: boolean }[]

beforeAll(async () => {
  // The store a test server seeds from Berkeley's file, opened here: the run's template of it, not seeded again.
  database = await connectDatabase({ dataDir: await seededStoreFolder({ env: seededFromBerkeley }) })
  pool = candidatePool(await loadCatalogue(scoped(database.db, 'live')))
  everyone = Array.from({ length: pool.size }, (_, i) => ({ candidate: candidateAt(pool, i, null), nature: pool.nature[i] === 1 }))
}, 180_000)

afterAll(() => database?.close())

const rank = (brief: Brief) => toRecommendation(recommend(pool, brief, { id: 'rec_property', now, simulated: false }))
const cents = (usd: number) => Math.round(usd * 100)

/**
 * What the catalogue can sell a brief at most: the credits of the vintages it allows of every project passing its
 * hard filters, each within the budget, with the caps the brief set held over all of them together (the most a
 * flow of money through types and countries can carry, spend-flow.ts, whose answers tests/unit/spend-flow.test.ts
 * checks by hand), and the removals' share it set.
 */
function catalogueCanSell(brief: Brief): number {
  const budget = cents(brief.budget_usd)
  const ids = new Map<string, number>()
  const id = (value: string) => ids.get(value) ?? (ids.set(value, ids.size), ids.size - 1)
  const items: SpendItem[] = []
  for (const { candidate, nature } of everyone) {
    if ((brief.type && candidate.type !== brief.type) || (brief.region && candidate.region !== brief.region)) continue
    if (brief.approach && nature !== (brief.approach === 'nature')) continue
    if (candidate.price.value > brief.budget_usd) continue
    const from = brief.vintage_min
    const onSale = from === undefined ? candidate.remaining : candidate.onSale.filter((v) => (v.vintage ?? candidate.vintage ?? -Infinity) >= from).reduce((s, v) => s + v.remaining, 0)
    const capacity = Math.min(budget, Math.min(onSale, candidate.remaining) * cents(candidate.price.value))
    const removal = candidate.reductionRemoval === 'impermanent_removal' || candidate.reductionRemoval === 'long_duration_removal'
    if (capacity > 0) items.push({ capacity, type: id(`type:${candidate.type}`), country: id(`country:${candidate.country}`), removal })
  }
  const caps = { perType: brief.type ? null : (brief.max_share_per_type ?? null), perCountry: brief.max_share_per_country ?? null, minRemoval: brief.min_removal_share ?? 0 }
  // A shortlist holds 50 projects at most: more than the 50 largest lots can sell no shortlist can buy.
  const largest = items.map((item) => item.capacity).sort((a, b) => b - a).slice(0, longestShortlist).reduce((sum, c) => sum + c, 0)
  return Math.min(largest, mostSpendable(items, caps, budget))
}

/** The notes that say why money is left or nothing is ranked, and what would meet the brief. */
const shortfallNotes = (r: Recommendation) => r.notes.filter((n) => /^(Part of the budget is left unallocated|None of the budget is allocated|No project|Removals take|The brief's cap per)/.test(n))

/** Words that name a constraint: a shortfall note may use them only for what the brief set. */
function namesOnlyWhatWasSet(brief: Brief, note: string, regions: readonly string[]): string[] {
  const wrong: string[] = []
  const check = (set: boolean, what: string, pattern: RegExp) => !set && pattern.test(note) && wrong.push(what)
  const regionNames = regions.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  check(brief.region !== undefined, 'region', new RegExp(['\\bregion\\b', ...regionNames].join('|'), 'i'))
  check(brief.type !== undefined || brief.max_share_per_type !== undefined, 'type', /\btype\b/i)
  check(brief.vintage_min !== undefined, 'vintage', /vintage/i)
  check(brief.approach !== undefined, 'approach', /nature-based|technology-based|approach/i)
  check(brief.max_share_per_country !== undefined, 'country cap', /\bcountr(y|ies)\b/i)
  check(brief.min_removal_share !== undefined, 'removals', /removal/i)
  check(brief.shortlist_size !== undefined, 'shortlist size', /longer shortlist|shortlist of \d/i)
  return wrong
}

describe.skipIf(!existsSync(berkeleyFile))("briefs spend what they can, on Berkeley's catalogue", () => {
  it.each([1, 0.5])('allocates at least 90%% of a 250,000 dollar brief asking a removal share of %s, with no region', (share) => {
    const result = rank({ budget_usd: 250_000, min_removal_share: share })
    expect(result.totals.allocated_usd).toBeGreaterThanOrEqual(0.9 * 250_000)
    const spent = result.items.reduce((sum, item) => sum + item.allocation.cost_usd, 0)
    const removals = result.items.filter((item) => item.project.reduction_removal !== 'reduction' && item.project.reduction_removal !== 'mixed')
    expect(removals.reduce((sum, item) => sum + item.allocation.cost_usd, 0)).toBeGreaterThanOrEqual(share * spent - 0.01)
    for (const note of result.notes) expect(namesOnlyWhatWasSet({ budget_usd: 250_000, min_removal_share: share }, note.replace(/^Left out (of the first \d+ places )?to diversify.*$/, ''), [])).not.toContain('region')
  })

  it('spends at least 90% of every random brief the catalogue can fill, and names only what the brief set when it cannot (200 briefs, fixed seed)', () => {
    const types = [...new Set(everyone.map((e) => e.candidate.type))].sort()
    const regions = [...new Set(everyone.map((e) => e.candidate.region))].sort()
    // Each field a buyer may set is set in about one brief in four, as a buyer sets a few: briefs setting all of
    // them at once are briefs no catalogue fills, and say little of the spending.
    const sometimes = <T,>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: value, weight: 1 })
    const percentFrom = (min: number) => fc.integer({ min, max: 100 }).map((n) => n / 100)
    const briefs = fc
      .record({
        // $100 to $5,000,000, as many of each order of magnitude.
        budget_usd: fc.integer({ min: 2000, max: 6700 }).map((n) => Math.round(10 ** (n / 1000))),
        region: sometimes(fc.constantFrom(...regions)),
        type: sometimes(fc.constantFrom(...types)),
        approach: sometimes(fc.constantFrom('nature' as const, 'technology' as const)),
        min_removal_share: sometimes(percentFrom(5)),
        vintage_min: sometimes(fc.integer({ min: 2005, max: 2024 })),
        max_share_per_type: sometimes(percentFrom(15)),
        max_share_per_country: sometimes(percentFrom(15)),
      })
      .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== undefined)) as unknown as Brief)
    const failures: string[] = []
    let fillable = 0
    fc.assert(
      fc.property(fc.noBias(briefs), (brief) => {
        const result = rank(brief)
        const allocated = cents(result.totals.allocated_usd)
        const budget = cents(brief.budget_usd)
        const canSell = catalogueCanSell(brief)
        const said = shortfallNotes(result)
        // Below $2,500 whole tonnes (biochar's at $140) held to the brief's shares cannot always come within a tenth of
        // the budget: there the notes say why.
        const wholeTonnesSuffice = brief.budget_usd >= 2500
        if (canSell >= budget && wholeTonnesSuffice) fillable++
        if (canSell >= budget && wholeTonnesSuffice && allocated < 0.9 * budget) failures.push(`${JSON.stringify(brief)}: catalogue sells ${canSell / 100}, allocated ${allocated / 100}; ${result.notes.join(' | ')}`)
        if (allocated < 0.9 * budget && said.length === 0) failures.push(`${JSON.stringify(brief)}: ${allocated / 100} allocated and no note says why`)
        for (const note of said) {
          const wrong = namesOnlyWhatWasSet(brief, note, regions)
          if (wrong.length > 0) failures.push(`${JSON.stringify(brief)}: "${note}" names ${wrong.join(', ')}, which the brief did not set`)
        }
        return true
      }),
      { seed: Number(process.env.SEED ?? 20260415), numRuns: Number(process.env.RUNS ?? 200) },
    )
    expect(failures).toEqual([])
    // Most random briefs are ones the catalogue can fill: the property is tested where it says the most.
    console.log(`${fillable} of the briefs could be filled by the catalogue`)
    expect(fillable).toBeGreaterThan(80)
  }, 120_000)

  it('says what a budget of a few tonnes leaves unspent to the cent, as the tonnes it buys are priced', () => {
    let said = 0
    for (const budget_usd of [3, 5, 10]) {
      const result = rank({ budget_usd })
      const note = result.notes.find((n) => n.includes('of so small a budget unspent'))
      if (!note) continue
      said++
      const prices = result.items.map((item) => item.spot_price!.value)
      const [cheapest, dearest] = [Math.min(...prices), Math.max(...prices)].map((p) => `$${p.toFixed(2)}`)
      const tonnes = cheapest === dearest ? `whole tonnes at ${cheapest}` : `whole tonnes of ${cheapest} to ${dearest}`
      expect(note).toBe(`Part of the budget is left unallocated: ${tonnes}, held to the brief's shares, leave $${result.totals.remaining_usd.toFixed(2)} of so small a budget unspent.`)
    }
    // $3 buys a tonne at $1.65 and leaves $1.35, which the note once said as "whole tonnes of $1 to $1 … leave $1".
    expect(said).toBeGreaterThan(0)
    // Its places were filled under the 40% type cap, which whole tonnes then lifted. A type whose places the budget
    // funds none of left nothing out of the shortlist, and no note says it did: "Landfill Methane already held 4 of
    // the 10 places" once stood beside a shortlist of one HFC-23 project.
    const small = rank({ budget_usd: 3 })
    expect(small.notes).toContain('Whole tonnes at these prices cannot keep every project type within 40% of so small a spend: each is held to 100% instead.')
    const fundedTypes = new Set(small.items.map((item) => item.project.type))
    for (const note of small.notes.filter((n) => n.startsWith('Left out to diversify the portfolio, as '))) {
      expect(fundedTypes.has(/, as (.+?) already held/.exec(note)![1]), note).toBe(true)
      const left = small.totals.remaining_usd
      const buys = left > 0 ? `the \\$${left.toFixed(2)} left of the budget buys no tonne of (it|them)` : 'none of the budget is left for (it|them)'
      expect(note).toMatch(new RegExp(`\\. The type cap was then widened to 100% of the money, but ${buys}\\.$`))
    }
    const left = small.totals.remaining_usd
    // The places the budget then gives nothing to are named after what they are, and the budget as what holds them
    // back: a run of names once stood first, its reason ("the portfolio's caps, the removals' share or the budget")
    // at its end.
    const unfunded = small.notes.find((n) => n.startsWith('Not ranked, as the budget gives them nothing though they pass the brief: '))
    const rest = left > 0 ? `. The $${left.toFixed(2)} left of the budget buys no whole tonne of any of them.` : '. None of the budget is left for them.'
    expect(unfunded, small.notes.join('\n')).toBeDefined()
    expect(unfunded!.endsWith(rest), unfunded).toBe(true)
  })

  it('a larger budget never spends less, and a budget past what 50 projects hold says their length binds, not a budget that would be spent', () => {
    const budgets = [1e8, 3e8, 1e9, 3e9, 1e10]
    const results = budgets.map((budget_usd) => rank({ budget_usd }))
    const allocated = results.map((r) => r.totals.allocated_usd)
    // $10bn once spent $614M, where $3bn spent $1.6bn: grown toward all of it, the shortlist took the largest lots first.
    for (let i = 1; i < budgets.length; i++) expect(allocated[i], `$${budgets[i]} against $${budgets[i - 1]}`).toBeGreaterThanOrEqual(allocated[i - 1])
    // A project grown into the shortlist is not named as left out of it ($10bn named six of its own ranks 5 to 10 so).
    for (const result of results) {
      const ranked = new Set(result.items.map((item) => item.project.key))
      const leftOutNote = result.notes.find((note) => note.startsWith('Left out')) ?? ''
      for (const key of ranked) expect(leftOutNote, `$${result.totals.budget_usd}`).not.toContain(`, ${key} (`)
      expect((result.left_out ?? []).filter((p) => ranked.has(p.key))).toEqual([])
    }
    const full = results.filter((r) => r.items.length === longestShortlist && r.totals.allocated_usd < 0.95 * r.totals.budget_usd)
    expect(full.length).toBeGreaterThan(0)
    for (const result of full) {
      expect(shortfallNotes(result)).toEqual([expect.stringMatching(/^Part of the budget is left unallocated: a shortlist holds at most 50 projects, and the 50 that meet the brief best hold only \$[\d,]+ of credits on sale, where all that meet it hold \$[\d,]+\.$/)])
    }
    // Where a note names a budget that would be spent in full, a brief of that budget is.
    for (const note of results.flatMap((r) => r.notes)) {
      const named = /A budget of \$([\d,]+) would be spent in full/.exec(note)
      if (!named) continue
      const budget = Number(named[1].replaceAll(',', ''))
      expect(rank({ budget_usd: budget }).totals.allocated_usd).toBeGreaterThanOrEqual(0.95 * budget)
    }
  }, 60_000)
})
