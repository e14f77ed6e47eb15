import type { Brief } from '../../../api/contract/recommendations'
import { coBenefitLabel } from '../../../api/contract/vocabulary'
import { approachLabels } from './approach-labels'

/** A brief in one line, what it asked beyond the budget: "Wind · Latin America · from 2020 · Biodiversity". */
export function briefWords(brief: Brief): string {
  const asked = [
    brief.type,
    brief.region,
    brief.approach && approachLabels[brief.approach],
    brief.vintage_min && `from ${brief.vintage_min}`,
    brief.co_benefits?.length ? brief.co_benefits.map(coBenefitLabel).join(', ') : undefined,
  ].filter(Boolean)
  return asked.length > 0 ? asked.join(' · ') : 'Any project'
}
