import * as z from 'zod/mini'
import { brief } from '../../api/contract/recommendations'

/** What the form's inputs hold: text as typed, and the ticked co-benefits. */
export interface BriefFormValues {
  type: string
  region: string
  budget_usd: string
  vintage_min: string
  co_benefits: string[]
  /** Diversification caps, as percentages typed (`40`, `40%`); the API takes fractions. */
  max_share_per_type: string
  max_share_per_country: string
  min_removal_share: string
}

export const emptyBriefForm: BriefFormValues = {
  type: '',
  region: '',
  budget_usd: '',
  vintage_min: '',
  co_benefits: [],
  max_share_per_type: '',
  max_share_per_country: '',
  min_removal_share: '',
}

/** `250,000`, `$250000` and ` 250000 ` all mean the same budget. */
function toNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$_]/g, '')
  return cleaned === '' ? undefined : Number(cleaned)
}

/** `40`, `40%` and ` 40 % ` all mean 0.4 of the budget; empty means the default. */
function percentToFraction(text: string): number | undefined {
  const cleaned = text.replace(/[\s%]/g, '')
  return cleaned === '' ? undefined : Number(cleaned) / 100
}

/** A fraction of the API as the percentage the form shows: 0.35 → `35`. */
export const fractionToPercentText = (fraction: number | undefined) =>
  fraction === undefined ? '' : String(Number((fraction * 100).toFixed(4)))

/**
 * The form's text converted to the contract's brief, then checked by the contract's own schema, so the
 * messages a buyer reads are the ones the API would give. Empty choices mean "any".
 */
export const briefFormSchema = z.pipe(
  z.pipe(
    z.object({
      type: z.string(),
      region: z.string(),
      budget_usd: z.string(),
      vintage_min: z.string(),
      co_benefits: z.array(z.string()),
      max_share_per_type: z.string(),
      max_share_per_country: z.string(),
      min_removal_share: z.string(),
    }),
    z.transform(
      (values): Record<string, unknown> => ({
        type: values.type || undefined,
        region: values.region || undefined,
        budget_usd: toNumber(values.budget_usd),
        vintage_min: toNumber(values.vintage_min),
        co_benefits: values.co_benefits.length > 0 ? values.co_benefits : undefined,
        max_share_per_type: percentToFraction(values.max_share_per_type),
        max_share_per_country: percentToFraction(values.max_share_per_country),
        min_removal_share: percentToFraction(values.min_removal_share),
      }),
    ),
  ),
  brief,
)

export const briefFields = [
  'type',
  'region',
  'budget_usd',
  'vintage_min',
  'co_benefits',
  'max_share_per_type',
  'max_share_per_country',
  'min_removal_share',
] as const
export type BriefField = (typeof briefFields)[number]

/** The field a server error path (`budget_usd`, `co_benefits.2`) belongs to, if it is one the form shows. */
export function briefFieldOf(path: string): BriefField | null {
  const head = path.split('.')[0]
  return (briefFields as readonly string[]).includes(head) ? (head as BriefField) : null
}
