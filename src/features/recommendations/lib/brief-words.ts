import type { Brief } from '../../../api/contract/recommendations'
import { approachLabels } from './approach-labels'
import { formatShare } from './shares'
import { coBenefitsInWords, regionLabel } from '../../../api/value-labels'

/** What a brief set of its shares and size, in words: a removals-only brief read "Any project" beside the others. */
function shapeWords(brief: Brief): (string | undefined)[] {
  const removals = brief.min_removal_share
  return [
    removals === 1 ? 'removals only' : removals ? `removals at least ${formatShare(removals)}` : undefined,
    brief.max_share_per_type !== undefined ? `a type at most ${formatShare(brief.max_share_per_type)}` : undefined,
    brief.max_share_per_country !== undefined ? `a country at most ${formatShare(brief.max_share_per_country)}` : undefined,
    brief.shortlist_size !== undefined ? `up to ${brief.shortlist_size} projects` : undefined,
  ]
}

/**
 * A brief in one line, what it asked beyond the budget: "Wind · Latin America · from 2020 · Biodiversity · removals at
 * least 30%".
 */
export function briefWords(brief: Brief): string {
  const asked = [
    brief.type,
    brief.region && regionLabel(brief.region),
    brief.approach && approachLabels[brief.approach],
    brief.vintage_min && `from ${brief.vintage_min}`,
    brief.co_benefits?.length ? coBenefitsInWords(brief.co_benefits) : undefined,
    ...shapeWords(brief),
  ].filter(Boolean)
  const line = asked.join(' · ')
  return line === '' ? 'Any project' : line[0].toUpperCase() + line.slice(1)
}
