import type { Brief, Recommendation, ShortlistItem } from '../../api/contract/recommendations'
import type { QualityGrade } from '../../api/contract/common'
import { allocateBudget, groupIds } from './allocate'
import { capsFor, feasibleCap, isRemoval, mixOf, removalPart, selectShortlist, type PortfolioCaps, type Selection, type ShortlistFacts } from './portfolio'
import { defaultShortlistSize, hardFilters, rankingDescription, rankingVersion, rankingWeights } from './method'
import { candidateAt, passingHardFilters, passingPrices, type Candidate, type CandidatePool } from './pool'
import { reasonsFor } from './reasons'
import { freshnessAt, scoreAll, scoreComponents, wantedCoBenefits, type ScoringContext } from './score'
import { facetSize, facetValueOfCode } from '../catalogue/catalogue'
import { percent } from '../core/percent'
import type { ScratchSpace } from './scratch'

/**
 * The best `k` of `n` by `compare`, in order: a shortlist of 10 from thousands needs no full sort. When
 * `compare` orders by `leading` first (highest first), a candidate below the k-th best's value is passed over
 * on one comparison of numbers, without calling `compare`.
 */
export function topIndices(n: number, k: number, compare: (a: number, b: number) => number, leading?: Float64Array): number[] {
  const best: number[] = []
  let kth = -Infinity
  for (let i = 0; i < n; i++) {
    if (best.length === k && ((leading !== undefined && leading[i] < kth) || compare(i, best[k - 1]) >= 0)) continue
    let at = best.length
    while (at > 0 && compare(i, best[at - 1]) < 0) at--
    best.splice(at, 0, i)
    if (best.length > k) best.pop()
    if (best.length === k && leading !== undefined) kth = leading[best[k - 1]]
  }
  return best
}

function explainEmpty(brief: Brief): string {
  const asked = [brief.type && `type ${brief.type}`, brief.region && `region ${brief.region}`, brief.vintage_min && `vintage ${brief.vintage_min} or later`]
    .filter(Boolean)
    .join(', ')
  return `No project that can deliver credits now matches ${asked || 'the brief'}. Widen the type or region, or lower the minimum vintage.`
}

/** How deep past the shortlist the score order is read: enough for the caps to find other types and countries. */
const depthFor = (size: number) => size * 4 + 40

/**
 * The best of every type and country and, when the brief asks for removals, the best removals that can carry
 * their part, added to the score order's first few dozen, so a crowded top never hides what diversification
 * needs. One pass over the passing candidates' columns.
 */
function widenOrder(
  pool: CandidatePool,
  positions: Int32Array,
  scores: Float64Array,
  size: number,
  top: readonly number[],
  compare: (a: number, b: number) => number,
  carriesShare: ((k: number) => boolean) | null,
): number[] {
  const n = positions.length
  const bestByType = new Int32Array(facetSize(pool.catalogue, 'type')).fill(-1)
  const bestByCountry = new Int32Array(facetSize(pool.catalogue, 'country')).fill(-1)
  // Better than the best so far: a higher score, or an equal one that wins the tie-break.
  const beats = (k: number, best: number) => best === -1 || scores[k] > scores[best] || (scores[k] === scores[best] && compare(k, best) < 0)
  for (let k = 0; k < n; k++) {
    const t = pool.type[positions[k]]
    if (beats(k, bestByType[t])) bestByType[t] = k
    const c = pool.country[positions[k]]
    if (beats(k, bestByCountry[c])) bestByCountry[c] = k
  }
  const merged = new Set(top)
  for (const k of bestByType) if (k !== -1) merged.add(k)
  for (const k of bestByCountry) if (k !== -1) merged.add(k)
  if (carriesShare !== null) {
    const removalFirst = (a: number, b: number) => Number(!carriesShare(a)) - Number(!carriesShare(b)) || compare(a, b)
    for (const k of topIndices(n, Math.min(n, size), removalFirst)) merged.add(k)
  }
  return [...merged].sort(compare)
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

/**
 * A brief's shortlist from the candidate pool. Every candidate that passes the hard filters is scored from the
 * pool's columns; indices below (k) number those candidates, and only the ones the shortlist walk reads become
 * objects.
 */
export function recommend(pool: CandidatePool, brief: Brief, context: { id: string; now: Date; simulated: boolean }): Recommendation {
  return pool.scratch.rankWith((scratch) => recommendWith(pool, brief, context, scratch))
}

function recommendWith(pool: CandidatePool, brief: Brief, context: { id: string; now: Date; simulated: boolean }, scratch: ScratchSpace): Recommendation {
  const size = brief.shortlist_size ?? defaultShortlistSize
  const now = context.now.getTime()
  const positions = passingHardFilters(pool, brief, scratch)
  const n = positions.length
  const { min, max, median: medianPrice } = passingPrices(pool, n, scratch)
  const range = { min, max }
  const scoring: ScoringContext = { wanted: wantedCoBenefits(brief.co_benefits ?? []), range, freshness: freshnessAt(pool, now) }
  const scores = scoreAll(pool, positions, scoring, scratch)
  const { key } = pool.catalogue
  const compare = (a: number, b: number) =>
    scores[b] - scores[a] ||
    pool.quality[positions[b]] - pool.quality[positions[a]] ||
    (key[pool.row[positions[a]]] < key[pool.row[positions[b]]] ? -1 : 1)

  const asked = capsFor(brief)
  const part = removalPart(asked, size, brief.budget_usd)
  const facts: ShortlistFacts = {
    typeOf: (k) => facetValueOfCode(pool.catalogue, 'type', pool.type[positions[k]]),
    countryOf: (k) => facetValueOfCode(pool.catalogue, 'country', pool.country[positions[k]]),
    carriesShare: (k) => pool.removal[positions[k]] === 1 && pool.remaining[positions[k]] * pool.price[positions[k]] >= part,
  }
  const asksForRemovals = asked.min_removal_share > 0
  // The first few dozen by score usually fill a diversified shortlist; they are a prefix of the full order, so
  // when they do, reading further could not change it. Removals need the whole order: the walk keeps places
  // for them only while some remain further down.
  const top = topIndices(n, Math.min(n, depthFor(size)), compare, scores)
  const depth = top.length
  let selection = selectShortlist(top, facts, size, asked)
  if (asksForRemovals || (!selection.complete && n > depth)) {
    selection = selectShortlist(widenOrder(pool, positions, scores, size, top, compare, asksForRemovals ? facts.carriesShare : null), facts, size, asked)
  }
  const chosen = selection.chosen.map((k) => candidateAt(pool, positions[k]))
  const caps: PortfolioCaps = {
    max_share_per_type: feasibleCap(asked.max_share_per_type, new Set(chosen.map((c) => c.type)).size),
    max_share_per_country: feasibleCap(asked.max_share_per_country, new Set(chosen.map((c) => c.country)).size),
    min_removal_share: asked.min_removal_share,
  }
  const typeIds = groupIds(chosen.map((c) => c.type))
  const countryIds = groupIds(chosen.map((c) => c.country))
  const allocation = allocateBudget(
    brief.budget_usd,
    selection.chosen.map((k, j) => ({
      score: scores[k],
      priceCents: Math.round(chosen[j].price.value * 100),
      remaining: chosen[j].remaining,
      type: typeIds[j],
      country: countryIds[j],
      removal: isRemoval(chosen[j].reductionRemoval),
    })),
    { perType: caps.max_share_per_type, perCountry: caps.max_share_per_country, minRemoval: caps.min_removal_share },
  )
  const items: ShortlistItem[] = selection.chosen.map((k, i) => {
    const candidate = chosen[i]
    const components = scoreComponents(pool, positions[k], scoring)
    const reasons = reasonsFor(candidate, components, { wanted: brief.co_benefits ?? [], medianPrice, now })
    const broughtIn = selection.broughtIn.get(k)
    if (broughtIn !== undefined) {
      const where = broughtIn <= depth ? `${ordinal(broughtIn)} by score alone` : `beyond the first ${depth} by score alone`
      reasons.push(`Brought into the shortlist to diversify the portfolio: ${where}.`)
    }
    const held = allocation[i].heldBy
    if (held) reasons.push(heldReason(held, candidate, caps))
    return {
      rank: i + 1,
      score: Math.round(scores[k] * 1000) / 1000,
      components: {
        quality: round3(components.quality),
        co_benefits: components.co_benefits === null ? null : round3(components.co_benefits),
        price_fit: round3(components.price_fit),
        freshness: round3(components.freshness),
      },
      reasons,
      project: {
        id: candidate.id,
        key: candidate.key,
        name: candidate.name,
        registry: candidate.registry,
        type: candidate.type,
        reduction_removal: candidate.reductionRemoval as ShortlistItem['project']['reduction_removal'],
        region: candidate.region,
        country: candidate.country,
        vintage: candidate.vintage,
        quality_score: candidate.qualityScore === null ? null : Math.round(candidate.qualityScore * 10) / 10,
        quality_grade: candidate.qualityGrade as QualityGrade | null,
        co_benefits: candidate.coBenefits,
        credits_remaining: candidate.remaining,
        synthetic: candidate.synthetic,
      },
      spot_price: {
        key: candidate.key,
        name: candidate.name,
        value: Math.round(candidate.price.value * 100) / 100,
        currency: 'USD',
        unit: 'tCO2e',
        as_of: candidate.price.asOf.toISOString(),
        source: candidate.price.source,
        simulated: true,
      },
      allocation: { tonnes: allocation[i].tonnes, cost_usd: allocation[i].costCents / 100 },
    }
  })
  const costs = allocation.map((a) => a.costCents)
  const allocatedCents = costs.reduce((sum, c) => sum + c, 0)
  const notes: string[] = []
  if (items.length === 0) notes.push(explainEmpty(brief))
  else if (n < size) notes.push(`Only ${n} projects pass the hard filters, so the shortlist is shorter than ${size}.`)
  notes.push(...portfolioNotes(selection, (k) => key[pool.row[positions[k]]], asked, caps, chosen, costs))
  const unspent = brief.budget_usd - allocatedCents / 100
  if (items.length > 0 && unspent > brief.budget_usd * 0.05) {
    notes.push('Part of the budget is left unallocated: the shortlisted projects have too few credits remaining, a tonne costs more than what is left, or the portfolio caps hold the rest back.')
  }
  return {
    id: context.id,
    object: 'recommendation',
    created_at: context.now.toISOString(),
    brief,
    simulated: context.simulated,
    method: { version: rankingVersion, description: rankingDescription, weights: { ...rankingWeights }, hard_filters: hardFilters },
    shortlist_size: size,
    candidates_considered: n,
    items,
    portfolio: {
      caps,
      mix: {
        type: mixOf(chosen.map((c) => c.type), costs),
        region: mixOf(chosen.map((c) => c.region), costs),
        country: mixOf(chosen.map((c) => c.country), costs),
        reduction_removal: mixOf(chosen.map((c) => c.reductionRemoval), costs),
      },
    },
    totals: {
      budget_usd: brief.budget_usd,
      allocated_usd: allocatedCents / 100,
      remaining_usd: Math.max(0, Math.round((brief.budget_usd - allocatedCents / 100) * 100) / 100),
      tonnes: allocation.reduce((sum, a) => sum + a.tonnes, 0),
    },
    notes,
  }
}

// Two decimals: a cap widened to just above a quarter reads 25.01%, not 25%.

function heldReason(held: 'type' | 'country' | 'removal', candidate: Candidate, caps: PortfolioCaps): string {
  if (held === 'type') return `Allocation held down to diversify: ${candidate.type} may take at most ${percent(caps.max_share_per_type!, 2)} of the spend.`
  if (held === 'country') return `Allocation held down to diversify: ${candidate.country} may take at most ${percent(caps.max_share_per_country!, 2)} of the spend.`
  return `Allocation held down so removals keep at least ${percent(caps.min_removal_share, 2)} of the spend.`
}

function portfolioNotes(
  selection: Selection,
  keyOf: (index: number) => string,
  asked: PortfolioCaps,
  caps: PortfolioCaps,
  chosen: readonly Candidate[],
  costs: readonly number[],
): string[] {
  const notes: string[] = []
  if (selection.leftOut.length > 0) {
    const list = selection.leftOut.map((p) => `${keyOf(p.index)} (${ordinal(p.rank + 1)} by score): ${p.why}`)
    notes.push(`Left out to diversify the portfolio: ${list.join('; ')}.`)
  }
  if (asked.max_share_per_type !== null && caps.max_share_per_type !== asked.max_share_per_type) {
    notes.push(`The shortlist spans only ${new Set(chosen.map((c) => c.type)).size} project types, so no type could be held to ${percent(asked.max_share_per_type, 2)} of the spend; each is held to ${percent(caps.max_share_per_type!, 2)} instead.`)
  }
  if (asked.max_share_per_country !== null && caps.max_share_per_country !== asked.max_share_per_country) {
    notes.push(`The shortlist spans only ${new Set(chosen.map((c) => c.country)).size} countries, so no country could be held to ${percent(asked.max_share_per_country, 2)} of the spend; each is held to ${percent(caps.max_share_per_country!, 2)} instead.`)
  }
  if (asked.min_removal_share > 0) {
    const total = costs.reduce((s, c) => s + c, 0)
    const removals = chosen.reduce((s, c, i) => s + (isRemoval(c.reductionRemoval) ? costs[i] : 0), 0)
    if (!chosen.some((c) => isRemoval(c.reductionRemoval))) {
      notes.push(`No removal project matches the brief, so the minimum share of removals (${percent(asked.min_removal_share, 2)}) cannot be met.`)
    } else if (total > 0 && removals < asked.min_removal_share * total - 1e-6) {
      notes.push(`Removals take ${percent(removals / total, 2)} of the spend, short of the ${percent(asked.min_removal_share, 2)} asked: too few removal credits are available.`)
    }
  }
  return notes
}

const round3 = (value: number) => Math.round(value * 1000) / 1000
