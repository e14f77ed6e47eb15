import type { Brief, LeftOutProject, Recommendation } from '../../api/contract/recommendations'
import type { ShortlistAllocation } from '../ranking/shortlist-spend'
import type { ExplainedItem } from '../ranking/explain'
import { hardFilters, rankingDescription, rankingWeights } from '../ranking/ranking-method'
import { mixOf } from '../ranking/portfolio'
import { toShortlistItem } from './shortlist-item'
import { rankingVersion } from '../core/method-versions'

export interface RecommendationParts {
  id: string
  now: Date
  simulated: boolean
  brief: Brief
  size: number
  considered: number
  items: readonly ExplainedItem[]
  spend: ShortlistAllocation
  notes: string[]
  /** The projects the notes name as left out. */
  leftOut: LeftOutProject[]
}

/** A recommendation as the contract shapes it: the method it was ranked by, its items, the portfolio's mix and totals. */
export function toRecommendation({ id, now, simulated, brief, size, considered, items, spend, notes, leftOut }: RecommendationParts): Recommendation {
  const chosen = items.map((item) => item.candidate)
  const { costs, allocatedCents, allocation } = spend
  return {
    id,
    object: 'recommendation',
    created_at: now.toISOString(),
    brief,
    simulated,
    method: { version: rankingVersion, description: rankingDescription, weights: { ...rankingWeights }, hard_filters: hardFilters },
    shortlist_size: size,
    candidates_considered: considered,
    items: items.map((item, i) => toShortlistItem(i + 1, item, allocation[i])),
    portfolio: {
      caps: spend.caps,
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
    left_out: leftOut,
  }
}
