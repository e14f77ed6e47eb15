import * as z from 'zod/mini'
import { described, minimumVintageChecks } from './common'
import { coBenefit } from './vocabulary'

/** Nature-based or technology-based, as buyers and exchanges (N-GEO, C-GEO) tell credits apart. */
export const approaches = ['nature', 'technology'] as const
export type Approach = (typeof approaches)[number]

export const maxBudgetUsd = 10_000_000_000
export const maxCoBenefits = 20

/** Default caps of the portfolio: no type above 40% of the allocated budget, no country above 50%. */
export const defaultMaxSharePerType = 0.4
export const defaultMaxSharePerCountry = 0.5

const shareCap = (what: string) =>
  z.optional(
    z
      .number({ error: `The ${what} is a number above 0 and at most 1` })
      .check(z.positive(`The ${what} must be more than 0`), z.lte(1, `The ${what} is at most 1 (100%)`)),
  )

const briefText = () => z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))

/** How many projects a shortlist holds when the brief does not say; such a shortlist grows to spend the budget. */
export const defaultShortlistSize = 10
export const maxShortlistSize = 50
/** One rule for every way a size can be wrong (0, 51, 4.5, "five"): it says what a size is. */
const shortlistSizeRule = `A shortlist holds a whole number of projects, from 1 to ${maxShortlistSize}`

/**
 * Why a shortlist holds more projects than the default when the brief set no size, in the words the page and the
 * pack both give it; null when the brief set its size or the shortlist kept the default.
 */
export function grownShortlistNote(asked: number | undefined, answered: number): string | null {
  if (asked !== undefined || answered <= defaultShortlistSize) return null
  return `the default ${defaultShortlistSize} made longer to spend the budget, which the first ${defaultShortlistSize} hold too few credits for`
}

/** The brief as a buyer writes it. Absent optional fields mean "any". */
export const brief = z
  .strictObject({
    type: briefText(),
    region: briefText(),
    approach: described(
      z.optional(z.enum(approaches, { error: 'The approach is nature or technology' })),
      '`nature`: forestry, land use and agriculture projects only; `technology`: every other kind (by the project\'s scope, from its type)',
    ),
    budget_usd: z
      .number({ error: 'Enter a budget in US dollars' })
      .check(z.positive('The budget must be more than $0'), z.lte(maxBudgetUsd, 'The budget can be at most $10,000,000,000')),
    vintage_min: z.optional(
      z
        .int({ error: 'The minimum vintage is a whole year' })
        .check(...minimumVintageChecks()),
    ),
    co_benefits: z.optional(
      z
        .array(coBenefit, { error: 'Co-benefits come from the published list' })
        .check(z.maxLength(maxCoBenefits, `Choose at most ${maxCoBenefits} co-benefits`)),
    ),
    shortlist_size: described(
      z.optional(z.int({ error: shortlistSizeRule }).check(z.gte(1, shortlistSizeRule), z.lte(maxShortlistSize, shortlistSizeRule))),
      `How many projects to return; left out, ${defaultShortlistSize}, made longer where they hold too few credits for the budget`,
    ),
    max_share_per_type: described(
      shareCap('largest share per type'),
      'Most of the allocated budget one project type may take (0 < x ≤ 1); default 0.4, not applied when the brief names a type',
    ),
    max_share_per_country: described(
      shareCap('largest share per country'),
      'Most of the allocated budget one country may take (0 < x ≤ 1); default 0.5, not applied by default when the brief names a region',
    ),
    min_removal_share: described(
      z.optional(
        z
          .number({ error: 'The minimum share of removals is a number from 0 to 1' })
          .check(z.gte(0, 'The minimum share of removals is 0 or more'), z.lte(1, 'The minimum share of removals is at most 1 (100%)')),
      ),
      'Least share of the allocated budget to go to removals (impermanent or long-duration), 0 ≤ x ≤ 1; default 0',
    ),
  })
  .check(z.meta({ id: 'Brief' }))
export type Brief = z.infer<typeof brief>
