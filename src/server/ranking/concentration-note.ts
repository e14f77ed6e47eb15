import type { Brief } from '../../api/contract/recommendations'
import { percent } from '../core/percent'
import type { ShortlistSelection } from './select'
import type { ShortlistAllocation } from './shortlist-spend'

/** Past this share of the spend, one project is what the shortlist buys, whatever else it names. */
const concentratedShare = 0.5

/**
 * Where one project takes most of the spend, says so, and what would hold it: a buyer's $2.5M brief for health,
 * water and gender co-benefits put 83% into one Kenyan cookstove programme, under notes on caps relaxed and a method
 * that calls the shortlist diversified, and nothing said that one project was most of it. No cap holds a single
 * project; the caps per type and per country a brief sets hold, at the cost of spending less.
 */
export function concentrationNote(
  brief: Brief,
  { chosen }: Pick<ShortlistSelection, 'chosen'>,
  spend: Pick<ShortlistAllocation, 'costs' | 'allocatedCents'>,
  named: (name: string, key: string) => string,
): string | null {
  const funded = spend.costs.filter((cost) => cost > 0).length
  if (funded < 2 || spend.allocatedCents <= 0) return null
  const largest = spend.costs.reduce((best, cost, i) => (cost > spend.costs[best] ? i : best), 0)
  const share = spend.costs[largest] / spend.allocatedCents
  if (share <= concentratedShare) return null
  // Past half, said as more than half: 50.3% is not "50%".
  const said = Math.round(share * 100) <= 50 ? percent(share, 2) : percent(share)
  return `One project takes ${said} of the spend: ${named(chosen[largest].name, chosen[largest].key)}. Nothing caps a single project's share; ${holding(brief)}`
}

/** The caps a brief can set that would hold one project's share (a brief naming a type has no type cap): lower ones where it set them. */
function holding(brief: Brief): string {
  const caps = brief.type ? ['per country'] : ['per project type', 'per country']
  const set = brief.max_share_per_country !== undefined || (!brief.type && brief.max_share_per_type !== undefined)
  return `a ${set ? 'lower ' : ''}cap ${caps.join(' or ')} set in the brief holds, at the cost of spending less of the budget.`
}
