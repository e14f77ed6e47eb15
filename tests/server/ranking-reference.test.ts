import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Brief } from '../../src/api/contract/recommendations'
import { loadCatalogue } from '../../src/server/catalogue/load'
import { freshnessCredit, hourMs, hoursSince } from '../../src/server/catalogue/freshness'
import { freshnessConcern, isDerived } from '../../src/server/sources/source-list'
import { ensureSeeded } from '../../src/server/seeding/seed'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { scoped } from '../../src/server/db/queries/scoped'
import { candidateAt, candidatePool, type Candidate, type CandidatePool } from '../../src/server/ranking/pool'
import { recommend } from '../../src/server/ranking/recommend'
import { toRecommendation } from '../../src/server/present/recommendation'
import { freshnessAt, priceFit, totalScore } from '../../src/server/ranking/score'
import { isRemoval } from '../../src/lib/reduction-removal'

/**
 * The ranking reads the candidate pool's columns with shortcuts (scores as numbers, the first few dozen by a
 * comparison of scores, the median along the price order, working space reused between briefs). This holds it
 * to the method as written, computed the plain way over one object per candidate, on a generated catalogue.
 */
const now = new Date(Date.UTC(2026, 10, 20, 9, 30))
let database: DatabaseHandle
let pool: CandidatePool
let everyone: Candidate[]

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  await ensureSeeded(database.db, { projects: 3000, seed: 11, now })
  pool = candidatePool(await loadCatalogue(scoped(database.db, 'live')))
  everyone = Array.from({ length: pool.size }, (_, i) => candidateAt(pool, i, null))
}, 120_000)

afterAll(() => database?.close())

/** The method as docs/ranking.md states it, one candidate at a time. */
function plainRanking(brief: Brief, at: Date) {
  const passing = everyone.filter(
    (c) =>
      (!brief.type || c.type === brief.type) &&
      (!brief.region || c.region === brief.region) &&
      (brief.vintage_min === undefined || (c.vintage !== null && c.vintage >= brief.vintage_min)) &&
      c.price.value <= brief.budget_usd,
  )
  const prices = passing.map((c) => c.price.value).sort((a, b) => a - b)
  const range = { min: prices[0], max: prices[prices.length - 1] }
  const middle = Math.floor(prices.length / 2)
  const median = prices.length % 2 ? prices[middle] : (prices[middle - 1] + prices[middle]) / 2
  // A removal's price is weighed against the removals of its kind that pass the brief, where three or more do.
  const medianOf = (sorted: number[]) => (sorted.length % 2 ? sorted[Math.floor(sorted.length / 2)] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2)
  const kindPrices = (kind: string) => passing.filter((c) => c.reductionRemoval === kind).map((c) => c.price.value).sort((a, b) => a - b)
  const kindMedian = (kind: string) => (kindPrices(kind).length >= 3 ? medianOf(kindPrices(kind)) : null)
  const removalMedian = { impermanent_removal: kindMedian('impermanent_removal'), long_duration_removal: kindMedian('long_duration_removal') } as Record<string, number | null>
  const wanted = new Set<string>(brief.co_benefits ?? [])
  const scored = passing.map((c) => {
    // Each thing the sources tell (credits, price) as fresh as its freshest source, then the mean over them.
    const freshestOf = new Map<string, number>()
    for (const cell of c.cells) freshestOf.set(cell.concern, Math.max(freshestOf.get(cell.concern) ?? 0, freshnessCredit(hoursSince(cell.lastSuccess, at.getTime()), cell.cadenceHours)))
    const freshness = freshestOf.size === 0 ? 0 : [...freshestOf.values()].reduce((sum, credit) => sum + credit, 0) / freshestOf.size
    const coBenefits = wanted.size === 0 ? null : c.coBenefits.filter((b) => wanted.has(b)).length / wanted.size
    return { c, delivers: coBenefits !== null && coBenefits > 0, score: totalScore({ quality: (c.qualityScore ?? 0) / 100, co_benefits: coBenefits, price_fit: priceFit(c.price.value, range), freshness }) }
  })
  // A project that delivers a requested co-benefit ranks above every one that delivers none; the score orders each.
  scored.sort((a, b) => Number(b.delivers) - Number(a.delivers) || b.score - a.score || (b.c.qualityScore ?? 0) - (a.c.qualityScore ?? 0) || (a.c.key < b.c.key ? -1 : 1))
  return { considered: passing.length, median, range, removalMedian, order: scored }
}

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

describe('the ranking against the method computed the plain way', () => {
  // Caps of 1 let the score alone decide the shortlist, so it must be the plain order's first places.
  const uncapped = { max_share_per_type: 1, max_share_per_country: 1 }
  const briefs = (): Brief[] => {
    const types = [...new Set(everyone.map((c) => c.type))].sort()
    const regions = [...new Set(everyone.map((c) => c.region))].sort()
    return [
      { budget_usd: 250_000, co_benefits: ['biodiversity', 'community'], vintage_min: 2015, ...uncapped },
      { budget_usd: 1_000_000, ...uncapped },
      { budget_usd: 50_000, type: types[0], shortlist_size: 25, ...uncapped },
      { budget_usd: 400, region: regions[1], co_benefits: ['water', 'water', 'sdg_5'], ...uncapped },
      { budget_usd: 2_000_000, region: regions[0], vintage_min: 2019, shortlist_size: 50, ...uncapped },
      { budget_usd: 5, ...uncapped },
    ]
  }

  it('considers the same candidates, scores them alike and shortlists the plain order, brief after brief', () => {
    let ends = 0
    // Twice over, and a day later: the working space and the kept freshness must not leak from one brief into the next.
    for (const at of [now, now, new Date(now.getTime() + 86_400_000)]) {
      for (const brief of briefs()) {
        const result = toRecommendation(recommend(pool, brief, { id: 'rec_reference', now: at, simulated: false }))
        const plain = plainRanking(brief, at)
        expect(result.candidates_considered).toBe(plain.considered)
        const size = Math.min(brief.shortlist_size ?? 10, plain.considered)
        // A place the budget gives nothing to is not ranked (a $5 brief buys a tonne or two): the rest keep the plain order.
        const top = plain.order.slice(0, size)
        const ranked = new Set(result.items.map((item) => item.project.key))
        const funded = top.filter((p) => ranked.has(p.c.key))
        expect(result.items.map((item) => item.project.key)).toEqual(funded.map((p) => p.c.key))
        expect(result.items.map((item) => item.score)).toEqual(funded.map((p) => Math.round(p.score * 1000) / 1000))
        if (brief.budget_usd >= 50_000) expect(funded).toHaveLength(size)
        const unfunded = top.filter((p) => !ranked.has(p.c.key))
        if (unfunded.length > 0) expect(result.notes.join(' ')).toContain(`${unfunded[0].c.key}`)
        for (const item of result.items) {
          const kind = item.project.reduction_removal ?? 'reduction'
          const removal = isRemoval(kind)
          const median = removal ? plain.removalMedian[kind] : plain.median
          const matching = removal ? (kind === 'impermanent_removal' ? 'impermanent removals' : 'long-duration removals') : 'projects'
          if (median === null) {
            expect(item.reasons, item.project.key).toContainEqual(expect.stringContaining(`too few ${matching} pass the brief to weigh it against their median`))
            continue
          }
          const reason = item.reasons.find((r) => r.includes(`median of matching ${matching}`))!
          expect(reason, item.project.key).toBeDefined()
          if (!reason.includes('at the median')) expect(reason).toContain(`($${dollars.format(median)})`)
          // Price fit's range, which the median alone does not give: the same price scores differently in two briefs.
          if (plain.range.max > plain.range.min) {
            expect(reason).toContain(`passing the brief, $${dollars.format(plain.range.min)} to $${dollars.format(plain.range.max)}.`)
            // At either end the range says so, as its price fit of 100% or 0% does.
            const price = item.spot_price!.value
            const end = price <= plain.range.min ? 'is full: it is the cheapest of' : price >= plain.range.max ? 'is nil: it is the dearest of' : 'places it between the cheapest and dearest of'
            expect(reason, item.project.key).toContain(`price fit ${end} the projects passing the brief`)
            ends += end === 'places it between the cheapest and dearest of' ? 0 : 1
          }
        }
      }
    }
    // Some shortlist holds the cheapest or the dearest of its brief.
    expect(ends).toBeGreaterThan(0)
  })

  it('shortlists under the default caps from candidates that pass the hard filters, in score order', () => {
    for (const brief of briefs().map(({ max_share_per_type: _t, max_share_per_country: _c, ...rest }) => rest)) {
      const result = toRecommendation(recommend(pool, brief, { id: 'rec_reference', now, simulated: false }))
      const plain = plainRanking(brief, now)
      const rank = new Map(plain.order.map((p, i) => [p.c.key, i]))
      const ranks = result.items.map((item) => rank.get(item.project.key))
      expect(ranks.every((r) => r !== undefined)).toBe(true)
      expect(ranks).toEqual([...ranks].sort((a, b) => a! - b!))
    }
  })
})

describe("a candidate's freshness", () => {
  /** Every candidate's freshness at `at`, worked out afresh (the pool keeps it for a minute). */
  const freshnessNow = (at: number) => {
    pool.freshness.at = Number.NaN
    return Float64Array.from(freshnessAt(pool, at))
  }

  it('is as fresh as the freshest source of its credits: one more, older, leaves it, a newer one raises it', () => {
    const at = now.getTime()
    const { sources, coverage } = pool.catalogue
    const i = 0
    const cell = pool.row[i]
    const ofCredits = sources.flatMap((source, j) => (!isDerived(source) && freshnessConcern(source) === 'credits' ? [j] : []))
    const covering = ofCredits.filter((j) => !Number.isNaN(coverage[j][cell]))
    const other = ofCredits.find((j) => Number.isNaN(coverage[j][cell]))!
    const kept = covering.map((j) => coverage[j][cell])
    const aged = (j: number, cadences: number) => at - cadences * sources[j].cadence_hours * hourMs
    try {
      // Its credits two cadences old by every source that tells them: part fresh, where a plain mean of its sources
      // would fall with a stale one more.
      for (const j of covering) coverage[j][cell] = aged(j, 2)
      const before = freshnessNow(at)[i]
      expect(before).toBeGreaterThan(0)
      expect(before).toBeLessThan(1)
      // Another source of its credits, five of its cadences old: its own credit is nothing.
      coverage[other][cell] = aged(other, 5)
      expect(freshnessNow(at)[i]).toBe(before)
      coverage[other][cell] = at - hourMs
      expect(freshnessNow(at)[i]).toBeGreaterThan(before)
      // And the plain computation of the method agrees.
      const plain = candidateAt(pool, i, null)
      const freshestOf = new Map<string, number>()
      for (const c of plain.cells) freshestOf.set(c.concern, Math.max(freshestOf.get(c.concern) ?? 0, freshnessCredit(hoursSince(c.lastSuccess, at), c.cadenceHours)))
      expect(freshnessNow(at)[i]).toBeCloseTo([...freshestOf.values()].reduce((a, b) => a + b, 0) / freshestOf.size, 12)
    } finally {
      covering.forEach((j, n) => (coverage[j][cell] = kept[n]))
      coverage[other][cell] = Number.NaN
      pool.freshness.at = Number.NaN
    }
  })
})

