import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod/mini'
import { brief } from '../../../api/contract/brief'
import { moneyText, readMoney } from './money-readings'

/** What the form's inputs hold: text as typed, and the ticked co-benefits. */
export interface BriefFormValues {
  type: string
  region: string
  approach: string
  budget_usd: string
  vintage_min: string
  co_benefits: string[]
  /** Diversification caps, as percentages typed (`40`, `40%`); the API takes fractions. */
  max_share_per_type: string
  max_share_per_country: string
  min_removal_share: string
  /** How many projects, as typed; empty keeps the default. */
  shortlist_size: string
}

export const emptyBriefForm: BriefFormValues = {
  type: '',
  region: '',
  approach: '',
  budget_usd: '',
  vintage_min: '',
  co_benefits: [],
  max_share_per_type: '',
  max_share_per_country: '',
  min_removal_share: '',
  shortlist_size: '',
}

/** A year as typed: ` 2020 ` is 2020; empty means any. */
function toNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s,_]/g, '')
  return cleaned === '' ? undefined : Number(cleaned)
}

/**
 * A sum of dollars as a buyer writes it (lib/money-readings.ts). Empty is undefined (the schema asks for one); a
 * text that is no amount, or reads two ways, is NaN here: the budget's own check below says which, in words.
 */
export function parseMoney(text: string): number | undefined {
  const reading = readMoney(text)
  if (reading.kind === 'empty') return undefined
  return reading.kind === 'amount' ? reading.value : Number.NaN
}

/**
 * Refuses a budget that is no sum, one that reads two ways, offering both readings, and one finer than a cent,
 * offering the nearest; the contract's checks speak of the rest (none given, zero, past the largest).
 */
const budgetText = z.string().check((context) => {
  const reading = readMoney(context.value)
  // Text that is no sum at all ("25O,000" with a letter O, "1e6", "lots") is told so in its own words, with how to
  // write one: "Enter a budget in US dollars" read as though nothing had been typed.
  if (reading.kind === 'unreadable') {
    context.issues.push({
      code: 'custom',
      input: context.value,
      message: `“${context.value.trim()}” is not a sum of dollars: write it in digits, as 250,000, $250k or 1.5 million.`,
    })
    return
  }
  if (reading.kind === 'below-cents') {
    context.issues.push({
      code: 'custom',
      input: context.value,
      // Nearest $0, or a few cents, is no budget to offer: a fraction of a cent is a slip of the point or of the units.
      message:
        reading.nearest < 1
          ? `“${context.value.trim()}” is ${reading.nearest === 0 ? 'less than a cent' : 'finer than a cent, and less than a dollar'}: write the budget in whole dollars, as 250,000.`
          : `“${context.value.trim()}” is finer than a cent: write it in dollars and cents, as ${moneyText(reading.nearest)}.`,
    })
    return
  }
  if (reading.kind !== 'two-ways') return
  const [one, other] = reading.readings.map(moneyText)
  context.issues.push({
    code: 'custom',
    input: context.value,
    message: `“${context.value.trim()}” reads two ways: ${one} or ${other}. Write the one you mean.`,
  })
})

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
      approach: z.string(),
      budget_usd: budgetText,
      vintage_min: z.string(),
      co_benefits: z.array(z.string()),
      max_share_per_type: z.string(),
      max_share_per_country: z.string(),
      min_removal_share: z.string(),
      shortlist_size: z.string(),
    }),
    z.transform(
      (values): Record<string, unknown> => ({
        type: values.type || undefined,
        region: values.region || undefined,
        approach: values.approach || undefined,
        budget_usd: parseMoney(values.budget_usd),
        vintage_min: toNumber(values.vintage_min),
        co_benefits: values.co_benefits.length > 0 ? values.co_benefits : undefined,
        max_share_per_type: percentToFraction(values.max_share_per_type),
        max_share_per_country: percentToFraction(values.max_share_per_country),
        min_removal_share: percentToFraction(values.min_removal_share),
        // Spaces only: no size needs a thousands separator, and "1,5" read as 15 took a decimal comma for one.
        shortlist_size: values.shortlist_size.trim() ? Number(values.shortlist_size) : undefined,
      }),
    ),
  ),
  brief,
)

export const briefFields = [
  'type',
  'region',
  'approach',
  'budget_usd',
  'vintage_min',
  'co_benefits',
  'max_share_per_type',
  'max_share_per_country',
  'min_removal_share',
  'shortlist_size',
] as const
export type BriefField = (typeof briefFields)[number]

/** The field a server error path (`budget_usd`, `co_benefits.2`) belongs to, if it is one the form shows. */
export function briefFieldOf(path: string): BriefField | null {
  const head = path.split('.')[0]
  return (briefFields as readonly string[]).includes(head) ? (head as BriefField) : null
}

/**
 * What a cap must be, in the percentages the form takes: the contract's own messages speak of the API's
 * fractions ("at most 1 (100%)"), which is not what the buyer typed.
 */
const capMessages = {
  max_share_per_type: 'The largest share per project type is a percentage above 0 and at most 100',
  max_share_per_country: 'The largest share per country is a percentage above 0 and at most 100',
  min_removal_share: 'The smallest share of removals is a percentage from 0 to 100',
} as const satisfies Partial<Record<BriefField, string>>

/** A message for a field of the form, in the form's terms: a cap's in percentages, any other as it came. */
export function briefFieldMessage(field: BriefField, message: string): string {
  return field in capMessages ? capMessages[field as keyof typeof capMessages] : message
}

const contractResolver = zodResolver(briefFormSchema)

/** The form's resolver: the contract's checks, with each cap's message in percentages. */
export const briefResolver: typeof contractResolver = async (values, context, options) => {
  const result = await contractResolver(values, context, options)
  // A budget that is no sum stops the checks before the contract's: "abc" hid a vintage of 3000 and a type share of
  // 150, each said only once the budget was mended. The rest is checked as though the budget were a sum.
  if (result.errors.budget_usd && readMoney(values.budget_usd).kind !== 'amount' && readMoney(values.budget_usd).kind !== 'empty') {
    const rest = await contractResolver({ ...values, budget_usd: '1' }, context, options)
    result.errors = { ...rest.errors, budget_usd: result.errors.budget_usd }
  }
  for (const field of Object.keys(capMessages) as (keyof typeof capMessages)[]) {
    const error = result.errors[field]
    if (error) error.message = capMessages[field]
  }
  return result
}
