import * as z from 'zod/mini'
import { brief } from '../../api/contract/recommendations'

/** What the form's inputs hold: text as typed, and the ticked co-benefits. */
export interface BriefFormValues {
  type: string
  region: string
  budget_usd: string
  vintage_min: string
  co_benefits: string[]
}

export const emptyBriefForm: BriefFormValues = { type: '', region: '', budget_usd: '', vintage_min: '', co_benefits: [] }

/** `250,000`, `$250000` and ` 250000 ` all mean the same budget. */
function toNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$_]/g, '')
  return cleaned === '' ? undefined : Number(cleaned)
}

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
    }),
    z.transform(
      (values): Record<string, unknown> => ({
        type: values.type || undefined,
        region: values.region || undefined,
        budget_usd: toNumber(values.budget_usd),
        vintage_min: toNumber(values.vintage_min),
        co_benefits: values.co_benefits.length > 0 ? values.co_benefits : undefined,
      }),
    ),
  ),
  brief,
)

export const briefFields = ['type', 'region', 'budget_usd', 'vintage_min', 'co_benefits'] as const
export type BriefField = (typeof briefFields)[number]

/** The field a server error path (`budget_usd`, `co_benefits.2`) belongs to, if it is one the form shows. */
export function briefFieldOf(path: string): BriefField | null {
  const head = path.split('.')[0]
  return (briefFields as readonly string[]).includes(head) ? (head as BriefField) : null
}
