import type { Brief, Portfolio } from '../../api/contract/recommendations'
import { formatPercent } from '../../lib/format'

/** Whether a cap came from the brief or is the API's default, in words. */
const origin = (asked: number | undefined) => (asked === undefined ? ' (the default)' : ' (as the brief asks)')

/** The caps the shortlist was diversified under, one sentence each, as a buyer would repeat them. */
export function describeCaps(caps: Portfolio['caps'], brief: Brief): string[] {
  return [
    caps.max_share_per_type === null
      ? 'No cap per project type: the brief names one type.'
      : `No project type takes more than ${formatPercent(caps.max_share_per_type)} of the money allocated${origin(brief.max_share_per_type)}.`,
    caps.max_share_per_country === null
      ? 'No cap per country: the brief names a region.'
      : `No country takes more than ${formatPercent(caps.max_share_per_country)} of the money allocated${origin(brief.max_share_per_country)}.`,
    caps.min_removal_share === 0
      ? 'No minimum share of removals.'
      : `At least ${formatPercent(caps.min_removal_share)} of the money allocated goes to removals${origin(brief.min_removal_share)}.`,
  ]
}
