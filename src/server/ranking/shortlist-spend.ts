import { groupIds, removalShareHeld, spendItemsOf, splitBudget, wholeTonneSlack, type Allocation } from './split-budget'
import { asSpendCaps, bindingCaps, relaxDefaults, setByBrief, widenForWholeTonnes, type CapField } from './cap-relaxation'
import { feasibleCap, type PortfolioCaps } from './portfolio'
import { isRemoval } from '../../lib/reduction-removal'
import type { ShortlistSelection } from './select'
import type { Brief } from '../../api/contract/recommendations'
import { bindingLimits, mostSpendable, type SpendCaps, type SpendLimit } from './spend-flow'

/** A shortlist's spend: the caps it was held to (widened where the shortlist spans too few groups) and each item's part. */
export interface ShortlistAllocation {
  caps: PortfolioCaps
  /** The caps as widened for the groups the shortlist spans, before any default gave way. */
  feasible: PortfolioCaps
  /** The caps whole tonnes widened further, whose notes say the groups' part too. */
  widenedForTonnes: ReadonlySet<CapField>
  /** What was relaxed so the brief's own asks could be met, or what of them binds, in sentences. */
  relaxed: string[]
  allocation: Allocation[]
  costs: number[]
  allocatedCents: number
  /**
   * The largest removals' share at which the shortlist could spend all it can take were the brief's share lowered:
   * the brief's own where its removals can carry it, else less, and the shortlist spends less to hold it.
   */
  removalShareReachable: number
  /** The most the shortlist can take within the caps and the removals' share held, in cents. */
  spendableCents: number
  /** What holds the spend below the budget, when something does. */
  limits: Set<SpendLimit>
}

/** What an allocation leaves of the brief's budget, in cents: what the notes on a small or a held-back budget quote. */
export const centsLeft = (brief: Brief, spend: Pick<ShortlistAllocation, 'allocatedCents'>) => Math.floor(brief.budget_usd * 100) - spend.allocatedCents

/** The shortlist's projects as the allocation reads them, in score order. */
export function spendItemsOfShortlist(brief: Brief, { selection, chosen, scores }: Pick<ShortlistSelection, 'selection' | 'chosen' | 'scores'>) {
  const typeIds = groupIds(chosen.map((c) => c.type))
  const countryIds = groupIds(chosen.map((c) => c.country))
  const inputs = selection.chosen.map((k, j) => ({
    score: scores[k],
    priceCents: Math.round(chosen[j].price.value * 100),
    remaining: chosen[j].remaining,
    type: typeIds[j],
    country: countryIds[j],
    removal: isRemoval(chosen[j].reductionRemoval),
  }))
  return { inputs, spend: spendItemsOf(inputs, Math.floor(brief.budget_usd * 100)).spend }
}

/**
 * Splits the budget over the chosen candidates in score order. A cap the shortlist cannot meet for want of groups
 * is widened; a default cap (one the brief did not set) gives way as far as the brief's removal share and the
 * budget need, and the notes say so; a cap the brief set holds, and the notes say what would meet the budget.
 */
export function allocateShortlist(brief: Brief, selected: ShortlistSelection): ShortlistAllocation {
  const { chosen, asked } = selected
  const budgetCents = Math.floor(brief.budget_usd * 100)
  const spans = { max_share_per_type: new Set(chosen.map((c) => c.type)).size, max_share_per_country: new Set(chosen.map((c) => c.country)).size }
  const feasible: PortfolioCaps = {
    max_share_per_type: feasibleCap(asked.max_share_per_type, spans.max_share_per_type),
    max_share_per_country: feasibleCap(asked.max_share_per_country, spans.max_share_per_country),
    min_removal_share: asked.min_removal_share,
  }
  const caps = { ...feasible }
  const relaxed: string[] = []
  const { inputs, spend } = spendItemsOfShortlist(brief, selected)
  // What whole tonnes may take off a total as the caps are weighed, a tonne of each project: caps weighed so hold in
  // whole tonnes, where weighed on fractions of a tonne a split to within a cent could leave nothing that holds them.
  const slack = wholeTonneSlack(inputs)
  // What whole tonnes themselves spend at caps the flow, held against a tonne of every project, finds too tight.
  const wholeSpend = (held: SpendCaps) => splitBudget(brief.budget_usd, inputs, held, true).allocation.reduce((sum, a) => sum + a.costCents, 0)
  const widenedForTonnes = widenForWholeTonnes(spend, caps, asked, spans, relaxed, budgetCents, slack, wholeSpend)
  // The removals' share is the brief's, and held whatever it costs the spend (credence-rank/10): a committee's
  // "at least 60% removals" is its policy, not a wish. Until /10 removals too few for it took all they could and
  // reductions the rest: Berkeley's $3M brief in Oceania for removals only spent 37% on cookstoves. What share would
  // let the rest be spent is still worked out, for the note that says what would spend more.
  const briefOnly: SpendCaps = {
    perType: setByBrief(brief, 'max_share_per_type') ? asSpendCaps(caps).perType : null,
    perCountry: setByBrief(brief, 'max_share_per_country') ? asSpendCaps(caps).perCountry : null,
    minRemoval: caps.min_removal_share,
  }
  const minRemoval = caps.min_removal_share
  const goal = mostSpendable(spend, { ...briefOnly, minRemoval }, budgetCents, slack)
  relaxDefaults(brief, spend, caps, relaxed, budgetCents, slack, minRemoval, goal)
  const split = splitBudget(brief.budget_usd, inputs, { perType: caps.max_share_per_type, perCountry: caps.max_share_per_country, minRemoval }, true)
  const costs = split.allocation.map((a) => a.costCents)
  const allocatedCents = costs.reduce((sum, c) => sum + c, 0)
  bindingCaps(brief, spend, { ...asSpendCaps(caps), minRemoval }, relaxed, budgetCents, slack, allocatedCents)
  const held: SpendCaps = { ...asSpendCaps(caps), minRemoval: split.minRemoval }
  // Worked out when first read, once: only the notes read it, and growth allocates several shortlists to keep one
  // (two searches over the removals' share cost a tenth of a $10bn brief's allocations).
  let reachable: number | undefined
  const reachableShare = () => {
    const credited = removalShareHeld(spend, { perType: null, perCountry: null, minRemoval }, budgetCents, slack)
    return credited >= minRemoval ? minRemoval : removalShareHeld(spend, briefOnly, budgetCents, slack)
  }
  return {
    caps,
    feasible,
    widenedForTonnes,
    relaxed,
    allocation: split.allocation,
    costs,
    allocatedCents,
    get removalShareReachable() {
      return (reachable ??= reachableShare())
    },
    spendableCents: split.spendableCents,
    limits: bindingLimits(spend, held, split.spendableCents, budgetCents),
  }
}
