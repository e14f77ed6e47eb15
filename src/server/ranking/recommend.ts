import type { Brief, Recommendation } from '../../api/contract/recommendations'
import { toRecommendation } from '../present/recommendation'
import { allocateShortlist } from './allocate-shortlist'
import { explainItems, explainShortlist } from './explain'
import type { CandidatePool } from './pool'
import { selectCandidates } from './select'

/**
 * A brief's shortlist from the candidate pool, in four steps: select (hard filters, scores, a diversified walk
 * of the score order), allocate (the budget under the caps the shortlist can meet), explain (each item's
 * reasons and the shortlist's notes), present (the contract's shape). All four run while the pool's scratch
 * space is lent to this brief: selection's positions and scores live in it.
 */
export function recommend(pool: CandidatePool, brief: Brief, context: { id: string; now: Date; simulated: boolean }): Recommendation {
  const now = context.now.getTime()
  return pool.scratch.rankWith((scratch) => {
    const selected = selectCandidates(pool, brief, now, scratch)
    const spend = allocateShortlist(brief, selected)
    const items = explainItems(pool, brief, now, selected, spend)
    const notes = explainShortlist(brief, selected, spend, now)
    // A project the budget gives nothing to is not ranked: it is named in the notes, with what held it back.
    const kept = spend.allocation.flatMap((a, i) => (a.tonnes > 0 ? [i] : []))
    if (kept.length < items.length) notes.push(unfundedNote(items.filter((_, i) => spend.allocation[i].tonnes === 0).map((item) => item.candidate.key), kept.length > 0))
    const funded = { ...spend, allocation: kept.map((i) => spend.allocation[i]), costs: kept.map((i) => spend.costs[i]) }
    return toRecommendation({ ...context, brief, size: selected.size, considered: selected.considered, items: kept.map((i) => items[i]), spend: funded, notes })
  })
}

function unfundedNote(keys: readonly string[], someFunded: boolean): string {
  const which = `${keys.join(', ')} ${keys.length === 1 ? 'passes' : 'pass'} the brief but would get nothing of the budget`
  return someFunded
    ? `${which} (the portfolio's caps, the removals' share or the budget hold it back), so ${keys.length === 1 ? 'it is' : 'they are'} not ranked.`
    : `${which}: the brief's own constraints cannot all be met together (see the notes above), so nothing is ranked.`
}
