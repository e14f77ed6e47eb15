import { allocateBudget, groupIds, type Allocation } from './allocate'
import { feasibleCap, isRemoval, type PortfolioCaps } from './portfolio'
import type { ShortlistSelection } from './select'

/** A shortlist's spend: the caps it was held to (widened where the shortlist spans too few groups) and each item's part. */
export interface ShortlistAllocation {
  caps: PortfolioCaps
  allocation: Allocation[]
  costs: number[]
  allocatedCents: number
}

/** Splits the budget over the chosen candidates in score order, under the caps the shortlist can meet. */
export function allocateShortlist(budgetUsd: number, { selection, chosen, scores, asked }: ShortlistSelection): ShortlistAllocation {
  const caps: PortfolioCaps = {
    max_share_per_type: feasibleCap(asked.max_share_per_type, new Set(chosen.map((c) => c.type)).size),
    max_share_per_country: feasibleCap(asked.max_share_per_country, new Set(chosen.map((c) => c.country)).size),
    min_removal_share: asked.min_removal_share,
  }
  const typeIds = groupIds(chosen.map((c) => c.type))
  const countryIds = groupIds(chosen.map((c) => c.country))
  const allocation = allocateBudget(
    budgetUsd,
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
  const costs = allocation.map((a) => a.costCents)
  return { caps, allocation, costs, allocatedCents: costs.reduce((sum, c) => sum + c, 0) }
}
