import type { Brief } from '../../api/contract/recommendations'
import { purchasable } from '../catalogue/catalogue'
import { candidateAt, type CandidatePool } from './pool'
import type { ShortlistSelection } from './select'
import { allocateShortlist, type ShortlistAllocation } from './shortlist-spend'
import { spendableAt, type SpendCaps, type SpendItem } from './spend-flow'

/** The most projects a shortlist holds (the contract's largest `shortlist_size`). */
export const longestShortlist = 50

/**
 * A shortlist of the default size whose projects hold too few credits for the budget is made longer: the next
 * projects by score are brought in, each only where it lets more of the budget be spent within the caps the
 * brief set and its removal share (removals first, then any), until the budget can be spent or the shortlist
 * holds 50. A brief that sets its own size keeps it, and the notes say what a longer one would take. Answers how
 * many were brought in; `selected` is changed in place, its order still by score. `goalCents` (the budget unless
 * said) is what the growth aims to spend: what each project brought in first must carry a part of, and where it
 * stops.
 */
function growToSpend(pool: CandidatePool, brief: Brief, selected: ShortlistSelection, goalCents = Math.floor(brief.budget_usd * 100)): number {
  const budgetCents = Math.floor(brief.budget_usd * 100)
  const vintageMin = brief.vintage_min ?? null
  const { positions, scores, keyOf, selection } = selected
  const itemAt = (k: number, remaining: number): SpendItem => {
    const i = positions[k]
    return { capacity: Math.min(budgetCents, remaining * Math.round(pool.price[i] * 100)), type: pool.type[i], country: pool.country[i], removal: pool.removal[i] === 1 }
  }
  const items = selection.chosen.map((k, j) => itemAt(k, selected.chosen[j].remaining))
  const taken = new Set(selection.chosen)
  const compare = (a: number, b: number) => scores[b] - scores[a] || pool.quality[positions[b]] - pool.quality[positions[a]] || (keyOf(a) < keyOf(b) ? -1 : 1)
  const order = Array.from({ length: positions.length }, (_, k) => k).filter((k) => !taken.has(k)).sort(compare)
  // The caps the brief set, as they apply: a brief naming a type has no type cap (portfolio.ts, capsFor).
  const briefCaps = (minRemoval: number): SpendCaps => ({ perType: brief.type ? null : (brief.max_share_per_type ?? null), perCountry: brief.max_share_per_country ?? null, minRemoval })
  const added: number[] = []
  // Weighed in whole tonnes, as the split will be (a tonne of each project off the total the caps are shares of):
  // four countries at 19% each can take 76% of a budget only to the cent, never in tonnes.
  const slack = () => selected.chosen.reduce((sum, c) => sum + Math.round(c.price.value * 100), 0) + added.reduce((sum, k) => sum + Math.round(pool.price[positions[k]] * 100), 0)
  // Removals first where the brief asks for a share of them: the share holds the spend (credence-rank/10), so the
  // places go to what lets the removals take more before any reduction, which adds only as far as they keep the
  // share (until /10 a third pass, with the share lifted, filled 50 places with landfill gas and spent $1.1M of
  // $10bn where removals could sell $266M). In each, first the projects that can carry their part of what is left to
  // spend (at least half an even share of it over the places left), so 50 places are not spent on small lots.
  const caps = briefCaps(brief.min_removal_share ?? 0)
  const removalsFirst = (brief.min_removal_share ?? 0) > 0
  const passes = [
    ...(removalsFirst ? [{ removalsOnly: true, carries: true }, { removalsOnly: true, carries: false }] : []),
    { removalsOnly: false, carries: true },
    { removalsOnly: false, carries: false },
  ]
  for (const { removalsOnly, carries } of passes) {
    let have = spendableAt(items, caps, budgetCents, slack())
    for (const k of order) {
      if (have >= goalCents - 1 || items.length >= longestShortlist) break
      if (taken.has(k) || (removalsOnly && pool.removal[positions[k]] !== 1)) continue
      const onSale = vintageMin === null ? pool.remaining[positions[k]] : purchasable(pool.catalogue, pool.row[positions[k]], vintageMin)
      if (!(onSale > 0)) continue
      const candidate = itemAt(k, onSale)
      if (carries && candidate.capacity < (goalCents - have) / (longestShortlist - items.length) / 2) continue
      items.push(candidate)
      const next = spendableAt(items, caps, budgetCents, slack() + Math.round(pool.price[positions[k]] * 100))
      if (next > have + 1) {
        have = next
        taken.add(k)
        added.push(k)
      } else items.pop()
    }
  }
  if (added.length === 0) return 0
  const rankOf = new Map([...selection.chosen, ...added].sort(compare).map((k, rank) => [k, rank]))
  const joined = [...selection.chosen.map((k, j) => ({ k, candidate: selected.chosen[j] })), ...added.map((k) => ({ k, candidate: candidateAt(pool, positions[k], vintageMin) }))]
  joined.sort((a, b) => rankOf.get(a.k)! - rankOf.get(b.k)!)
  selection.chosen = joined.map((j) => j.k)
  selected.chosen = joined.map((j) => j.candidate)
  selected.size = joined.length
  selected.grown = new Set(added)
  return added.length
}

/** What growing changes of a selection, to try another goal from the same start. */
const grownParts = (selected: ShortlistSelection) => ({ order: [...selected.selection.chosen], chosen: [...selected.chosen], size: selected.size, grown: selected.grown })

/**
 * The longer shortlist that spends most of the budget. Grown toward a budget the market cannot fill, a shortlist
 * takes the largest lots first (each to carry its part of the budget), and held to caps that are shares of what it
 * spends, such lots of a few types can spend less than a shortlist grown toward less: on Berkeley's catalogue, a
 * brief of $10bn spent $614M where one of $3bn spent $1.6bn. So growth aims at the budget, then at half of it, and so
 * on while the goal is above the best spend found, and the shortlist that spends most is kept (the first, on a tie).
 */
export function growToSpendMost(pool: CandidatePool, brief: Brief, selected: ShortlistSelection, spend: ShortlistAllocation): ShortlistAllocation {
  const start = grownParts(selected)
  let best = { spend, parts: start }
  for (let goal = Math.floor(brief.budget_usd * 100); goal > best.spend.allocatedCents; goal = Math.floor(goal / 2)) {
    restore(selected, start)
    if (growToSpend(pool, brief, selected, goal) === 0) continue
    const grown = allocateShortlist(brief, selected)
    if (grown.allocatedCents > best.spend.allocatedCents) best = { spend: grown, parts: grownParts(selected) }
    // A goal met is as far as halving helps: a smaller one aims at less.
    if (grown.allocatedCents >= goal * 0.95) break
  }
  restore(selected, best.parts)
  return best.spend
}

function restore(selected: ShortlistSelection, parts: ReturnType<typeof grownParts>) {
  selected.selection.chosen = [...parts.order]
  selected.chosen = [...parts.chosen]
  selected.size = parts.size
  selected.grown = parts.grown
}
