import type { Brief } from '../../api/contract/recommendations'
import { percent } from '../core/percent'
import type { CandidatePool } from './pool'
import type { LeftOutToDiversify } from './portfolio'
import type { ShortlistSelection } from './select'
import { centsLeft, type ShortlistAllocation } from './shortlist-spend'
import { dollarsToTheCent } from './whole-dollars'

const capNames = { type: 'type cap', country: 'country cap' } as const

/**
 * What became of the cap that left projects out of the shortlist's places, where the allocation then widened it: a
 * small budget's whole tonnes, or defaults giving way to spend the budget. "Hydropower already held 4 of the 10
 * places (type cap: 40%)" stood beside "each is held to 100% instead" and a shortlist of one project, as though the
 * cap still kept them out. Said where what is left of the budget buys no tonne of any of them, so the wider cap would
 * have given them nothing either; null otherwise, and for the places kept for removals.
 */
export function liftedCapSentence(
  pool: CandidatePool,
  brief: Brief,
  selected: ShortlistSelection,
  spend: ShortlistAllocation,
  leftOut: readonly LeftOutToDiversify[],
): string | null {
  const cap = leftOut[0]?.cap
  if (cap === undefined || cap === 'removals') return null
  const field = cap === 'type' ? 'max_share_per_type' : 'max_share_per_country'
  const walked = selected.asked[field]
  const held = spend.caps[field]
  if (walked === null || held === null || held <= walked) return null
  const left = centsLeft(brief, spend)
  const tonneCents = leftOut.map((p) => Math.round(pool.price[selected.positions[p.index]] * 100))
  if (tonneCents.some((cents) => cents <= left)) return null
  const them = leftOut.length === 1 ? 'it' : 'them'
  const buys = left > 0 ? `the ${dollarsToTheCent(left / 100)} left of the budget buys no tonne of ${them}` : `none of the budget is left for ${them}`
  return `The ${capNames[cap]} was then widened to ${percent(held, 2)} of the money, but ${buys}.`
}
