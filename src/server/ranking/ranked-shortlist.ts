import type { Brief, LeftOutProject, MixShare } from '../../api/contract/recommendations'
import type { ExplainedItem } from './explain'
import { mixOf, type PortfolioCaps } from './portfolio'
import { hardFilters, rankingDescription, rankingWeights } from './ranking-method'
import type { ShortlistAllocation } from './shortlist-spend'
import type { Allocation } from './split-budget'
import { vintagesBought, type VintageBought } from './vintages-bought'
import { rankingVersion } from '../core/method-versions'

/** One ranked project: why it ranks where it does, what the budget buys of it and of which vintages. */
export interface RankedItem extends ExplainedItem {
  spend: Allocation
  vintages: VintageBought[]
}

/** A brief's shortlist as ranking leaves it, before any shape of the contract. */
export interface RankedShortlist {
  id: string
  now: Date
  simulated: boolean
  brief: Brief
  method: { version: string; description: string; weights: typeof rankingWeights; hardFilters: typeof hardFilters }
  size: number
  considered: number
  items: RankedItem[]
  caps: PortfolioCaps
  /** Each dimension's share of the money spent. */
  mix: { type: MixShare[]; region: MixShare[]; country: MixShare[]; reductionRemoval: MixShare[] }
  allocatedCents: number
  tonnes: number
  notes: string[]
  /** The projects the notes name as left out. */
  leftOut: LeftOutProject[]
}

export interface RankedParts {
  id: string
  now: Date
  simulated: boolean
  brief: Brief
  size: number
  considered: number
  items: readonly ExplainedItem[]
  spend: ShortlistAllocation
  notes: string[]
  leftOut: LeftOutProject[]
}

/** Gathers what a shortlist buys: each item's vintages, the portfolio's mix by what was spent, and its totals. */
export function rankedShortlist({ items, spend, ...parts }: RankedParts): RankedShortlist {
  const chosen = items.map((item) => item.candidate)
  const { costs, allocation } = spend
  return {
    ...parts,
    method: { version: rankingVersion, description: rankingDescription, weights: rankingWeights, hardFilters },
    items: items.map((item, i) => ({
      ...item,
      spend: allocation[i],
      vintages: vintagesBought(item.candidate.onSale, allocation[i].tonnes, item.candidate.price.value),
    })),
    caps: spend.caps,
    mix: {
      type: mixOf(chosen.map((c) => c.type), costs),
      region: mixOf(chosen.map((c) => c.region), costs),
      country: mixOf(chosen.map((c) => c.country), costs),
      reductionRemoval: mixOf(chosen.map((c) => c.reductionRemoval), costs),
    },
    allocatedCents: spend.allocatedCents,
    tonnes: allocation.reduce((sum, a) => sum + a.tonnes, 0),
  }
}
