import type { Brief, LeftOutProject } from '../../api/contract/recommendations'
import { allocateShortlist, centsLeft } from './shortlist-spend'
import { explainItems, explainShortlist, leftOutOfPlaces, projectNamed } from './explain'
import { rankedShortlist, type RankedShortlist } from './ranked-shortlist'
import type { CandidatePool } from './pool'
import { selectCandidates } from './select'
import { growToSpendMost } from './grow-shortlist'
import { dollarsToTheCent } from './whole-dollars'

/**
 * A brief's shortlist from the candidate pool, in four steps: select (hard filters, scores, a diversified walk
 * of the score order), allocate (the budget under the caps the shortlist can meet), explain (each item's
 * reasons and the shortlist's notes), gather (the vintages bought, the portfolio's mix and totals). All four run
 * while the pool's scratch space is lent to this brief: selection's positions and scores live in it. The route
 * shapes the result for the contract (present/recommendation.ts).
 */
export function recommend(pool: CandidatePool, brief: Brief, context: { id: string; now: Date; simulated: boolean }): RankedShortlist {
  const now = context.now.getTime()
  return pool.scratch.rankWith((scratch) => {
    const selected = selectCandidates(pool, brief, now, scratch)
    let spend = allocateShortlist(brief, selected)
    // Projects too few or too small for the budget and the caps: a shortlist of the default size grows until it can spend it.
    const short = spend.allocatedCents < brief.budget_usd * 100 * 0.95 && spend.limits.size > 0
    if (short && brief.shortlist_size === undefined) spend = growToSpendMost(pool, brief, selected, spend)
    const items = explainItems(pool, brief, now, selected, spend)
    const notes = explainShortlist(pool, brief, selected, spend, now)
    // A project the budget gives nothing to is not ranked: it is named in the notes, with what held it back.
    const kept = spend.allocation.flatMap((a, i) => (a.tonnes > 0 ? [i] : []))
    const unfunded: LeftOutProject[] = items
      .filter((_, i) => spend.allocation[i].tonnes === 0)
      .map(({ candidate }) => ({ key: candidate.key, name: candidate.name, reason: 'unfunded' }))
    if (unfunded.length > 0) {
      // What is left of the budget, where it buys no whole tonne of any of them: then the budget is what holds them back.
      const left = centsLeft(brief, spend)
      const buysOne = items.some(({ candidate }, i) => spend.allocation[i].tonnes === 0 && Math.round(candidate.price.value * 100) <= left)
      notes.push(unfundedNote(unfunded, kept.length > 0, buysOne ? null : left))
    }
    const funded = { ...spend, allocation: kept.map((i) => spend.allocation[i]), costs: kept.map((i) => spend.costs[i]) }
    const leftOut = [...leftOutOfPlaces(selected, spend), ...unfunded]
    return rankedShortlist({ ...context, brief, size: selected.size, considered: selected.considered, items: kept.map((i) => items[i]), spend: funded, notes, leftOut })
  })
}

/**
 * The projects a shortlist's places held that the budget gives nothing to, named after what they are: a run of names
 * with its reason at the end read as a list of its own. `leftCents`, where what is left buys no whole tonne of any of
 * them, says the budget holds them back; else the caps or the removals' share do.
 */
function unfundedNote(projects: readonly LeftOutProject[], someFunded: boolean, leftCents: number | null): string {
  const one = projects.length === 1
  const them = one ? 'it' : 'them'
  // Names can hold commas, so the projects are set apart by semicolons.
  const names = projects.map((p) => projectNamed(p.name, p.key)).join('; ')
  if (!someFunded) return `${names} ${one ? 'passes' : 'pass'} the brief but would get nothing of the budget: the brief's own constraints cannot all be met together (see the notes above), so nothing is ranked.`
  const why =
    leftCents === null
      ? `The portfolio's caps or the removals' share hold ${them} back.`
      : leftCents > 0
        ? `The ${dollarsToTheCent(leftCents / 100)} left of the budget buys no whole tonne of ${one ? 'it' : 'any of them'}.`
        : `None of the budget is left for ${them}.`
  return `Not ranked, as the budget gives ${them} nothing though ${one ? 'it passes' : 'they pass'} the brief: ${names}. ${why}`
}
