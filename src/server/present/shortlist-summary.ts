import type { Recommendation } from '../../api/contract/recommendations'
import type { ShortlistSummary } from '../../api/contract/shortlists'
import type { KeptShortlistRow } from '../db/queries/recommendations'

/** A kept shortlist as its list shows it: the brief and totals read from the stored answer, with its name. */
export function toShortlistSummary(row: KeptShortlistRow): ShortlistSummary {
  // The stored answer is the API's own JSON, written when the shortlist was made.
  const answer = JSON.parse(row.body) as Recommendation
  return {
    id: row.id,
    object: 'shortlist',
    name: row.name,
    created_at: row.created_at.toISOString(),
    brief: answer.brief,
    simulated: answer.simulated,
    projects: answer.items.length,
    totals: { budget_usd: answer.totals.budget_usd, allocated_usd: answer.totals.allocated_usd, tonnes: answer.totals.tonnes },
  }
}
