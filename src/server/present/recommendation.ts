import type { Recommendation } from '../../api/contract/recommendations'
import type { RankedShortlist } from '../ranking/ranked-shortlist'
import { toShortlistItem } from './shortlist-item'
import { appliedWeights } from '../ranking/ranking-method'

/** A recommendation as the contract shapes it: the method it was ranked by, its items, the portfolio's mix and totals. */
export function toRecommendation(ranked: RankedShortlist): Recommendation {
  const { brief, method, allocatedCents } = ranked
  return {
    id: ranked.id,
    object: 'recommendation',
    created_at: ranked.now.toISOString(),
    brief,
    simulated: ranked.simulated,
    method: {
      version: method.version,
      description: method.description,
      weights: { ...method.weights },
      applied_weights: appliedWeights((brief.co_benefits ?? []).length > 0),
      hard_filters: method.hardFilters,
    },
    shortlist_size: ranked.size,
    candidates_considered: ranked.considered,
    items: ranked.items.map((item, i) => toShortlistItem(i + 1, item)),
    portfolio: {
      caps: ranked.caps,
      mix: { type: ranked.mix.type, region: ranked.mix.region, country: ranked.mix.country, reduction_removal: ranked.mix.reductionRemoval },
    },
    totals: {
      budget_usd: brief.budget_usd,
      allocated_usd: allocatedCents / 100,
      remaining_usd: Math.max(0, Math.round((brief.budget_usd - allocatedCents / 100) * 100) / 100),
      tonnes: ranked.tonnes,
    },
    notes: ranked.notes,
    left_out: ranked.leftOut,
  }
}

/**
 * A shortlist's answer with the name its maker gave it (null until named), added as it is sent: the stored answer is
 * the shortlist as it was made, and a name given later is no part of it. Added to the stored text rather than parsed
 * and written again, since the answer is large and is sent as it was stored.
 */
export function namedRecommendationJson(body: string, name: string | null): string {
  return `${body.slice(0, body.lastIndexOf('}'))},"name":${JSON.stringify(name)}}`
}
