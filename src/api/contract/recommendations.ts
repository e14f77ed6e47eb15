import * as z from 'zod/mini'
import { between, count, described, positiveInt, projectKey, qualityGrade, timestamp } from './common'
import { spotPrice } from './prices'
import { coBenefit } from './vocabulary'

export const maxBudgetUsd = 10_000_000_000
export const earliestVintage = 1990
export const maxCoBenefits = 20

const briefText = () => z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))

/** The brief as a buyer writes it. Absent optional fields mean "any". */
export const brief = z
  .strictObject({
    type: briefText(),
    region: briefText(),
    budget_usd: z
      .number({ error: 'Enter a budget in US dollars' })
      .check(z.positive('The budget must be more than $0'), z.lte(maxBudgetUsd, 'The budget can be at most $10,000,000,000')),
    vintage_min: z.optional(
      z
        .int({ error: 'The minimum vintage is a whole year' })
        .check(
          z.gte(earliestVintage, `The minimum vintage is ${earliestVintage} or later`),
          z.refine((y) => y <= new Date().getUTCFullYear(), { message: 'The minimum vintage cannot be in the future' }),
        ),
    ),
    co_benefits: z.optional(
      z
        .array(coBenefit, { error: 'Co-benefits come from the published list' })
        .check(z.maxLength(maxCoBenefits, `Choose at most ${maxCoBenefits} co-benefits`)),
    ),
    shortlist_size: described(z.optional(z.int().check(z.gte(1), z.lte(50))), 'How many projects to return; default 10'),
  })
  .check(z.meta({ id: 'Brief' }))
export type Brief = z.infer<typeof brief>

export const scoreComponents = z.object({
  quality: between(0, 1),
  co_benefits: described(z.nullable(between(0, 1)), 'Null when the brief asks for none'),
  price_fit: between(0, 1),
  freshness: between(0, 1),
})
export type ScoreComponents = z.infer<typeof scoreComponents>

export const shortlistItem = z
  .object({
    rank: positiveInt(),
    score: between(0, 1),
    components: scoreComponents,
    reasons: z.array(z.string()),
    project: z.object({
      id: z.string(),
      key: projectKey,
      name: z.string(),
      registry: z.string(),
      type: z.string(),
      region: z.string(),
      country: z.string(),
      vintage: z.nullable(z.int()),
      quality_score: z.nullable(z.number()),
      quality_grade: z.nullable(qualityGrade),
      co_benefits: z.array(z.string()),
      credits_remaining: count(),
      synthetic: described(
        z.optional(z.boolean()),
        'A generated project, not a real registry record; absent in recommendations stored before projects said so',
      ),
    }),
    spot_price: spotPrice,
    allocation: z.object({
      tonnes: count(),
      cost_usd: z.number().check(z.nonnegative()),
    }),
  })
  .check(z.meta({ id: 'ShortlistItem' }))
export type ShortlistItem = z.infer<typeof shortlistItem>

export const rankingMethod = z.object({
  version: z.string().check(z.meta({ example: 'credence-rank/1' })),
  description: z.string(),
  weights: z.object({ quality: z.number(), co_benefits: z.number(), price_fit: z.number(), freshness: z.number() }),
  hard_filters: z.array(z.string()),
})

export const recommendation = z
  .object({
    id: z.string().check(z.meta({ example: 'rec_01jc5x8q2h7k' })),
    object: z.literal('recommendation'),
    created_at: timestamp,
    brief,
    simulated: described(z.boolean(), "Computed on the sandbox's fixed dataset"),
    method: rankingMethod,
    shortlist_size: positiveInt(),
    candidates_considered: count(),
    items: z.array(shortlistItem),
    totals: z.object({
      budget_usd: z.number(),
      allocated_usd: z.number().check(z.nonnegative()),
      remaining_usd: z.number().check(z.nonnegative()),
      tonnes: count(),
    }),
    notes: described(z.array(z.string()), 'Plain-language remarks on the result as a whole, e.g. why it is short'),
  })
  .check(z.meta({ id: 'Recommendation' }))
export type Recommendation = z.infer<typeof recommendation>
