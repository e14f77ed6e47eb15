import type { Brief, Recommendation, ShortlistItem } from '../../api/contract/recommendations'
import type { QualityGrade } from '../../api/contract/common'
import { allocateBudget } from './allocate'
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
  const order = topIndices(candidates.length, size, (a, b) =>
    scores[b] - scores[a] ||
    (candidates[b].qualityScore ?? 0) - (candidates[a].qualityScore ?? 0) ||
    (candidates[a].key < candidates[b].key ? -1 : 1),
  )
  const scored = order.map((i) => ({
    candidate: candidates[i],
    components: scoreComponents(candidates[i], wanted, range, now),
    score: scores[i],
  }))
  const allocation = allocateBudget(
    brief.budget_usd,
    scored.map((s) => ({ score: s.score, priceCents: Math.round(s.candidate.price.value * 100), remaining: s.candidate.remaining })),
  )
  const medianPrice = prices.length ? median(prices) : 0
  const items: ShortlistItem[] = scored.map(({ candidate, components, score }, i) => ({
    rank: i + 1,
    score: Math.round(score * 1000) / 1000,
    components: {
      quality: round3(components.quality),
      co_benefits: components.co_benefits === null ? null : round3(components.co_benefits),
      price_fit: round3(components.price_fit),
      freshness: round3(components.freshness),
    },
    reasons: reasonsFor(candidate, components, { wanted: brief.co_benefits ?? [], medianPrice, now }),
    project: {
      id: candidate.id,
      key: candidate.key,
      name: candidate.name,
      registry: candidate.registry,
      type: candidate.type,
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
  }))
  const allocatedCents = allocation.reduce((sum, a) => sum + a.costCents, 0)
  const notes: string[] = []
  if (items.length === 0) notes.push(explainEmpty(brief))
  else if (candidates.length < size) notes.push(`Only ${candidates.length} projects pass the hard filters, so the shortlist is shorter than ${size}.`)
  const unspent = brief.budget_usd - allocatedCents / 100
  if (items.length > 0 && unspent > brief.budget_usd * 0.05) {
    notes.push('Part of the budget is left unallocated: the shortlisted projects have too few credits remaining, or a tonne costs more than what is left.')
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
    totals: {
      budget_usd: brief.budget_usd,
      allocated_usd: allocatedCents / 100,
      remaining_usd: Math.max(0, Math.round((brief.budget_usd - allocatedCents / 100) * 100) / 100),
      tonnes: allocation.reduce((sum, a) => sum + a.tonnes, 0),
    },
    notes,
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000
