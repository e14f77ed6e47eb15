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
    const spend = allocateShortlist(brief.budget_usd, selected)
    const items = explainItems(pool, brief, now, selected, spend)
    const notes = explainShortlist(brief, selected, spend, now)
    return toRecommendation({ ...context, brief, size: selected.size, considered: selected.considered, items, spend, notes })
  })
}
