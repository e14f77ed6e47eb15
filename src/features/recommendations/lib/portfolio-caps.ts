import { defaultMaxSharePerCountry, defaultMaxSharePerType } from '../../../api/contract/brief'
import type { Brief, Portfolio } from '../../../api/contract/recommendations'
import { formatShare } from './shares'
import { isRemoval } from '../../../lib/reduction-removal'

/**
 * Whether a cap came from the brief or is the API's default, in words; a cap the shortlist's few types or
 * countries could not meet, or that whole tonnes at a small budget could not keep, is applied raised, and says so.
 */
function origin(asked: number | undefined, applied: number, groups: number | undefined, what: readonly [one: string, many: string], byDefault?: number) {
  if (asked === undefined) {
    if (byDefault === undefined || Math.abs(byDefault - applied) < 1e-9) return ' (the default)'
    return ` (raised from the default ${formatShare(byDefault)}: the notes say why)`
  }
  if (Math.abs(asked - applied) < 1e-9) return ' (as the brief asks)'
  const among = groups ? ` with ${groups} ${groups === 1 ? what[0] : what[1]} in the shortlist` : ''
  return ` (the brief asks for ${formatShare(asked)}, which cannot hold${among})`
}

/** The share of the money allocated that went to removals (impermanent or long-duration), where the mix says. */
function removalsHeld(mix: Portfolio['mix'] | undefined): number | undefined {
  if (!mix || mix.reduction_removal.length === 0) return undefined
  return mix.reduction_removal.reduce((sum, part) => sum + (isRemoval(part.value) ? part.share : 0), 0)
}

/**
 * The removals' share as applied, and, where the shortlist holds less of it (no removal matches, or too few for the
 * budget), what it holds: a $3 removals-only brief spent on one reduction read "At least 100% … goes to removals".
 */
function removalShare(caps: Portfolio['caps'], brief: Brief, mix?: Portfolio['mix']): string {
  if (caps.min_removal_share === 0) return 'No minimum share of removals.'
  const asked = `${formatShare(caps.min_removal_share)} of the money allocated`
  const held = removalsHeld(mix)
  const from = origin(brief.min_removal_share, caps.min_removal_share, undefined, ['', ''])
  if (held !== undefined && held < caps.min_removal_share - 1e-9) return `At least ${asked} was to go to removals${from}; ${formatShare(held)} does: the notes say why.`
  return `At least ${asked} goes to removals${from}.`
}

/** The caps the shortlist was diversified under, one sentence each, as a buyer would repeat them. */
export function describeCaps(caps: Portfolio['caps'], brief: Brief, mix?: Portfolio['mix']): string[] {
  return [
    caps.max_share_per_type === null
      ? 'No cap per project type: the brief names one type.'
      : `No project type takes more than ${formatShare(caps.max_share_per_type)} of the money allocated${origin(brief.max_share_per_type, caps.max_share_per_type, mix?.type.length, ['type', 'types'], defaultMaxSharePerType)}.`,
    caps.max_share_per_country === null
      ? 'No cap per country: the brief names a region.'
      : `No country takes more than ${formatShare(caps.max_share_per_country)} of the money allocated${origin(brief.max_share_per_country, caps.max_share_per_country, mix?.country.length, ['country', 'countries'], defaultMaxSharePerCountry)}.`,
    removalShare(caps, brief, mix),
  ]
}
