import { z } from 'zod'
import { projectKey, qualityGrade, timestamp } from './common'
import { spotPrice } from './prices'
import { coBenefit } from './vocabulary'

export const maxBudgetUsd = 10_000_000_000
export const earliestVintage = 1990
export const maxCoBenefits = 20

/** The brief as a buyer writes it. Absent optional fields mean "any". */
export const brief = z
  .object({
    type: z.string().trim().min(1).max(200).optional(),
    region: z.string().trim().min(1).max(200).optional(),
    budget_usd: z
      .number({ error: 'Enter a budget in US dollars' })
      .positive('The budget must be more than $0')
      .max(maxBudgetUsd, 'The budget can be at most $10,000,000,000'),
    vintage_min: z
      .int({ error: 'The minimum vintage is a whole year' })
      .min(earliestVintage, `The minimum vintage is ${earliestVintage} or later`)
      .refine((y) => y <= new Date().getUTCFullYear(), { message: 'The minimum vintage cannot be in the future' })
      .optional(),
    co_benefits: z
      .array(coBenefit, { error: 'Co-benefits come from the published list' })
      .max(maxCoBenefits, `Choose at most ${maxCoBenefits} co-benefits`)
      .optional(),
    shortlist_size: z.int().min(1).max(50).optional().meta({ description: 'How many projects to return; default 10' }),
  })
  .strict()
  .meta({ id: 'Brief' })
export type Brief = z.infer<typeof brief>

export const scoreComponents = z.object({
  quality: z.number().min(0).max(1),
  co_benefits: z.number().min(0).max(1).nullable().meta({ description: 'Null when the brief asks for none' }),
  price_fit: z.number().min(0).max(1),
  freshness: z.number().min(0).max(1),
})
export type ScoreComponents = z.infer<typeof scoreComponents>

export const shortlistItem = z
  .object({
    rank: z.int().positive(),
    score: z.number().min(0).max(1),
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
      vintage: z.int().nullable(),
      quality_score: z.number().nullable(),
      quality_grade: qualityGrade.nullable(),
      co_benefits: z.array(z.string()),
      credits_remaining: z.int().nonnegative(),
    }),
    spot_price: spotPrice,
    allocation: z.object({
      tonnes: z.int().nonnegative(),
      cost_usd: z.number().nonnegative(),
    }),
  })
  .meta({ id: 'ShortlistItem' })
export type ShortlistItem = z.infer<typeof shortlistItem>

export const rankingMethod = z.object({
  version: z.string().meta({ example: 'credence-rank/1' }),
  description: z.string(),
  weights: z.object({ quality: z.number(), co_benefits: z.number(), price_fit: z.number(), freshness: z.number() }),
  hard_filters: z.array(z.string()),
})

export const recommendation = z
  .object({
    id: z.string().meta({ example: 'rec_01jc5x8q2h7k' }),
    object: z.literal('recommendation'),
    created_at: timestamp,
    brief,
    simulated: z.boolean().meta({ description: 'Computed on the sandbox\'s fixed dataset' }),
    method: rankingMethod,
    shortlist_size: z.int().positive(),
    candidates_considered: z.int().nonnegative(),
    items: z.array(shortlistItem),
    totals: z.object({
      budget_usd: z.number(),
      allocated_usd: z.number().nonnegative(),
      remaining_usd: z.number().nonnegative(),
      tonnes: z.int().nonnegative(),
    }),
    notes: z.array(z.string()).meta({ description: 'Plain-language remarks on the result as a whole, e.g. why it is short' }),
  })
  .meta({ id: 'Recommendation' })
export type Recommendation = z.infer<typeof recommendation>
