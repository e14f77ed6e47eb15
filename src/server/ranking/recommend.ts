import type { Brief, Recommendation, ShortlistItem } from '../../api/contract/recommendations'
import type { QualityGrade } from '../../api/contract/common'
import { allocateBudget, groupIds } from './allocate'
import { capsFor, feasibleCap, isRemoval, mixOf, removalCarrier, selectShortlist, type PortfolioCaps, type Selection } from './portfolio'
import { defaultShortlistSize, hardFilters, rankingDescription, rankingVersion, rankingWeights } from './method'
import type { Candidate } from './pool'
import { reasonsFor } from './reasons'
import { candidateScore, scoreComponents } from './score'

const median = (values: Float64Array) => {
  const sorted = values.slice().sort()
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The best `k` of `n` by `compare`, in order: a shortlist of 10 from thousands needs no full sort. */
export function topIndices(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  const best: number[] = []
  for (let i = 0; i < n; i++) {
    if (best.length === k && compare(i, best[k - 1]) >= 0) continue
    let at = best.length
    while (at > 0 && compare(i, best[at - 1]) < 0) at--
    best.splice(at, 0, i)
    if (best.length > k) best.pop()
  }
  return best
}

export function passesHardFilters(candidate: Candidate, brief: Brief): boolean {
  if (brief.type && candidate.type !== brief.type) return false
  if (brief.region && candidate.region !== brief.region) return false
  if (brief.vintage_min !== undefined && (candidate.vintage === null || candidate.vintage < brief.vintage_min)) return false
  return candidate.price.value <= brief.budget_usd
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
 * The best of every type and country and, when the brief asks for removals, the best removals, added to the
 * score order's first few dozen, so a crowded top never hides what diversification needs. One pass over the
 * pool, no object per candidate.
 */
function widenOrder(
  candidates: readonly Candidate[],
  size: number,
  top: readonly number[],
  compare: (a: number, b: number) => number,
  removal: ((c: Candidate) => boolean) | null,
): number[] {
  const n = candidates.length
  const bestByType = new Map<string, number>()
  const bestByCountry = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const c = candidates[i]
    const t = bestByType.get(c.type)
    if (t === undefined || compare(i, t) < 0) bestByType.set(c.type, i)
    const k = bestByCountry.get(c.country)
    if (k === undefined || compare(i, k) < 0) bestByCountry.set(c.country, i)
  }
  const merged = new Set(top)
  for (const i of bestByType.values()) merged.add(i)
  for (const i of bestByCountry.values()) merged.add(i)
  if (removal) {
    const removalFirst = (a: number, b: number) => Number(!removal(candidates[a])) - Number(!removal(candidates[b])) || compare(a, b)
    for (const i of topIndices(n, Math.min(n, size), removalFirst)) merged.add(i)
  }
  return [...merged].sort(compare)
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

export function recommend(
  pool: Candidate[],
  brief: Brief,
  context: { id: string; now: Date; simulated: boolean },
): Recommendation {
  const size = brief.shortlist_size ?? defaultShortlistSize
  const now = context.now.getTime()
  const candidates = pool.filter((c) => passesHardFilters(c, brief))
  const prices = new Float64Array(candidates.length)
  const range = { min: Infinity, max: -Infinity }
  candidates.forEach((candidate, i) => {
    prices[i] = candidate.price.value
    range.min = Math.min(range.min, prices[i])
    range.max = Math.max(range.max, prices[i])
  })
  const wanted = new Set<string>(brief.co_benefits ?? [])
  // Every candidate gets a score; only the shortlist needs its components kept and explained.
  const scores = new Float64Array(candidates.length)
  for (let i = 0; i < candidates.length; i++) scores[i] = candidateScore(candidates[i], wanted, range, now)
  const compare = (a: number, b: number) =>
    scores[b] - scores[a] ||
    (candidates[b].qualityScore ?? 0) - (candidates[a].qualityScore ?? 0) ||
    (candidates[a].key < candidates[b].key ? -1 : 1)

  const asked = capsFor(brief)
  const carriesShare = asked.min_removal_share > 0 ? removalCarrier(asked, size, brief.budget_usd) : null
  // The first few dozen by score usually fill a diversified shortlist; they are a prefix of the full order, so
  // when they do, reading further could not change it. Removals need the whole order: the walk keeps places
  // for them only while some remain further down.
  const top = topIndices(candidates.length, Math.min(candidates.length, depthFor(size)), compare)
  const depth = top.length
  let selection = selectShortlist(top, candidates, size, asked, brief.budget_usd)
  if (carriesShare || (!selection.complete && candidates.length > depth)) {
    selection = selectShortlist(widenOrder(candidates, size, top, compare, carriesShare), candidates, size, asked, brief.budget_usd)
  }
  const chosen = selection.chosen.map((i) => candidates[i])
  const caps: PortfolioCaps = {
    max_share_per_type: feasibleCap(asked.max_share_per_type, new Set(chosen.map((c) => c.type)).size),
    max_share_per_country: feasibleCap(asked.max_share_per_country, new Set(chosen.map((c) => c.country)).size),
    min_removal_share: asked.min_removal_share,
  }
  const typeIds = groupIds(chosen.map((c) => c.type))
  const countryIds = groupIds(chosen.map((c) => c.country))
  const allocation = allocateBudget(
    brief.budget_usd,
    selection.chosen.map((i, k) => ({
      score: scores[i],
      priceCents: Math.round(candidates[i].price.value * 100),
      remaining: candidates[i].remaining,
      type: typeIds[k],
      country: countryIds[k],
      removal: isRemoval(candidates[i].reductionRemoval),
    })),
    { perType: caps.max_share_per_type, perCountry: caps.max_share_per_country, minRemoval: caps.min_removal_share },
  )
  const medianPrice = prices.length ? median(prices) : 0
  const items: ShortlistItem[] = selection.chosen.map((index, i) => {
    const candidate = candidates[index]
    const components = scoreComponents(candidate, wanted, range, now)
    const reasons = reasonsFor(candidate, components, { wanted: brief.co_benefits ?? [], medianPrice, now })
    const broughtIn = selection.broughtIn.get(index)
    if (broughtIn !== undefined) {
      const where = broughtIn <= depth ? `${ordinal(broughtIn)} by score alone` : `beyond the first ${depth} by score alone`
      reasons.push(`Brought into the shortlist to diversify the portfolio: ${where}.`)
    }
    const held = allocation[i].heldBy
    if (held) reasons.push(heldReason(held, candidate, caps))
    return {
      rank: i + 1,
      score: Math.round(scores[index] * 1000) / 1000,
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
  else if (candidates.length < size) notes.push(`Only ${candidates.length} projects pass the hard filters, so the shortlist is shorter than ${size}.`)
  notes.push(...portfolioNotes(selection, candidates, asked, caps, chosen, costs))
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
    candidates_considered: candidates.length,
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

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`

function heldReason(held: 'type' | 'country' | 'removal', candidate: Candidate, caps: PortfolioCaps): string {
  if (held === 'type') return `Allocation held down to diversify: ${candidate.type} may take at most ${percent(caps.max_share_per_type!)} of the spend.`
  if (held === 'country') return `Allocation held down to diversify: ${candidate.country} may take at most ${percent(caps.max_share_per_country!)} of the spend.`
  return `Allocation held down so removals keep at least ${percent(caps.min_removal_share)} of the spend.`
}

function portfolioNotes(
  selection: Selection,
  candidates: readonly Candidate[],
  asked: PortfolioCaps,
  caps: PortfolioCaps,
  chosen: readonly Candidate[],
  costs: readonly number[],
): string[] {
  const notes: string[] = []
  if (selection.leftOut.length > 0) {
    const list = selection.leftOut.map((p) => `${candidates[p.index].key} (${ordinal(p.rank + 1)} by score): ${p.why}`)
    notes.push(`Left out to diversify the portfolio: ${list.join('; ')}.`)
  }
  if (asked.max_share_per_type !== null && caps.max_share_per_type !== asked.max_share_per_type) {
    notes.push(`The shortlist spans only ${new Set(chosen.map((c) => c.type)).size} project types, so no type could be held to ${percent(asked.max_share_per_type)} of the spend; each is held to ${percent(caps.max_share_per_type!)} instead.`)
  }
  if (asked.max_share_per_country !== null && caps.max_share_per_country !== asked.max_share_per_country) {
    notes.push(`The shortlist spans only ${new Set(chosen.map((c) => c.country)).size} countries, so no country could be held to ${percent(asked.max_share_per_country)} of the spend; each is held to ${percent(caps.max_share_per_country!)} instead.`)
  }
  if (asked.min_removal_share > 0) {
    const total = costs.reduce((s, c) => s + c, 0)
    const removals = chosen.reduce((s, c, i) => s + (isRemoval(c.reductionRemoval) ? costs[i] : 0), 0)
    if (!chosen.some((c) => isRemoval(c.reductionRemoval))) {
      notes.push(`No removal project matches the brief, so the minimum share of removals (${percent(asked.min_removal_share)}) cannot be met.`)
    } else if (total > 0 && removals < asked.min_removal_share * total - 1e-6) {
      notes.push(`Removals take ${percent(removals / total)} of the spend, short of the ${percent(asked.min_removal_share)} asked: too few removal credits are available.`)
    }
  }
  return notes
}

const round3 = (value: number) => Math.round(value * 1000) / 1000
