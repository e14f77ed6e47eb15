import type { Brief, Recommendation } from '../../../api/contract/recommendations'
import { emptyBriefForm, fractionToPercentText, type BriefFormValues } from './brief-form-schema'

const capFields = ['max_share_per_type', 'max_share_per_country', 'min_removal_share'] as const
/** The fields that travel as the form shows them. */
const plainFields = ['type', 'region', 'approach', 'budget_usd', 'vintage_min', 'shortlist_size'] as const

/** A cap from the URL as a percentage; text that is no number is kept as it is, for the form to reject. */
function capText(raw: string | null): string {
  if (raw === null || raw.trim() === '') return ''
  const fraction = Number(raw)
  return Number.isFinite(fraction) ? fractionToPercentText(fraction) : raw
}

/**
 * A brief travels in the home URL (`/?type=REDD%2B&budget_usd=250000&co_benefit=biodiversity`) so "Refine
 * brief" survives a reload and can be shared. Values are read as text: the form validates them.
 */
export function briefSearchParams(value: Brief): URLSearchParams {
  const params = new URLSearchParams()
  // A shortlist of five refined in the form came back as one of ten before its size travelled with the rest.
  for (const field of plainFields) if (value[field] !== undefined) params.set(field, String(value[field]))
  for (const benefit of value.co_benefits ?? []) params.append('co_benefit', benefit)
  // Caps travel as the API's fractions; the form shows them as percentages.
  for (const cap of capFields) if (value[cap] !== undefined) params.set(cap, String(value[cap]))
  return params
}

export function formValuesFromSearchParams(params: URLSearchParams): BriefFormValues {
  return {
    ...emptyBriefForm,
    ...Object.fromEntries(plainFields.map((field) => [field, params.get(field) ?? ''])),
    co_benefits: params.getAll('co_benefit'),
    ...Object.fromEntries(capFields.map((cap) => [cap, capText(params.get(cap))])),
  }
}

/** The brief of a shortlist, and the shortlist itself as `refine`, so the new one is compared with it. */
export function refineSearchParams(recommendation: Pick<Recommendation, 'id' | 'brief'>): URLSearchParams {
  const params = briefSearchParams(recommendation.brief)
  params.set('refine', recommendation.id)
  return params
}
