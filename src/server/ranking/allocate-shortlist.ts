import { allocateBudget, groupIds, type Allocation } from './allocate'
import { feasibleCap, isRemoval, type PortfolioCaps } from './portfolio'
import type { ShortlistSelection } from './select'
import type { Brief } from '../../api/contract/recommendations'
import { percent } from '../core/percent'

/** A shortlist's spend: the caps it was held to (widened where the shortlist spans too few groups) and each item's part. */
export interface ShortlistAllocation {
  caps: PortfolioCaps
  /** The caps as widened for the groups the shortlist spans, before any was relaxed for the removals' share. */
  feasible: PortfolioCaps
  /** What was relaxed so the brief's own asks could be met, or what of them binds, in sentences. */
  relaxed: string[]
  allocation: Allocation[]
  costs: number[]
  allocatedCents: number
}

/** Splits the budget over the chosen candidates in score order, under the caps the shortlist can meet. */
export function allocateShortlist(brief: Brief, { selection, chosen, scores, asked }: ShortlistSelection): ShortlistAllocation {
  const budgetUsd = brief.budget_usd
  const feasible: PortfolioCaps = {
    max_share_per_type: feasibleCap(asked.max_share_per_type, new Set(chosen.map((c) => c.type)).size),
    max_share_per_country: feasibleCap(asked.max_share_per_country, new Set(chosen.map((c) => c.country)).size),
    min_removal_share: asked.min_removal_share,
  }
  const caps = { ...feasible }
  const relaxed: string[] = []
  const removals = chosen.filter((c) => isRemoval(c.reductionRemoval))
  // A removal share the caps cannot hold (a type or country may take at most its cap, so a few removal types or
  // countries carry at most their caps together): a default cap gives way, one the brief set is said to bind.
  for (const [key, field, named, given] of [
    ['type', 'max_share_per_type', 'project type', brief.max_share_per_type !== undefined],
    ['country', 'max_share_per_country', 'country', brief.max_share_per_country !== undefined],
  ] as const) {
    const cap = caps[field]
    const groups = new Set(removals.map((c) => c[key])).size
    if (cap === null || groups === 0 || asked.min_removal_share <= cap * groups + 1e-9) continue
    const needed = Math.min(1, Math.ceil((asked.min_removal_share / groups) * 10_000) / 10_000)
    const plural = groups === 1 ? `one ${named}` : `${groups} ${named === 'country' ? 'countries' : `${named}s`}`
    if (given) {
      relaxed.push(
        `The brief's cap per ${named} (${percent(cap, 2)}) binds: the removals that match it are of ${plural}, so they can take at most ${percent(cap * groups, 2)} of the spend, short of the ${percent(asked.min_removal_share, 2)} asked; a cap of ${percent(needed, 2)} would meet it.`,
      )
    } else {
      relaxed.push(
        `To give removals ${percent(asked.min_removal_share, 2)} of the spend, as the brief asks, the default cap per ${named} (${percent(cap, 2)}) is relaxed to ${percent(needed, 2)}: the removals that match the brief are of ${plural}.`,
      )
      caps[field] = needed
    }
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
  return { caps, feasible, relaxed, allocation, costs, allocatedCents: costs.reduce((sum, c) => sum + c, 0) }
}
