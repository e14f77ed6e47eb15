import * as z from 'zod/mini'
import { between, count, described, positiveInt, projectKey, qualityGrade, reductionRemoval, timestamp } from './common'
import { spotPrice } from './prices'
import { brief } from './brief'

export { approaches, brief, defaultMaxSharePerCountry, defaultMaxSharePerType, defaultShortlistSize, grownShortlistNote, maxBudgetUsd, maxCoBenefits, type Approach, type Brief } from './brief'

export const scoreComponents = z.object({
  quality: between(0, 1),
  co_benefits: described(z.nullable(between(0, 1)), 'Null when the brief asks for none'),
  price_fit: between(0, 1),
  freshness: between(0, 1),
})
export type ScoreComponents = z.infer<typeof scoreComponents>

/** Tonnes of one vintage an allocation buys, at its price; vintage null: credits no source breaks down by vintage. */
export const vintageBought = z
  .object({
    vintage: described(z.nullable(z.int()), "Null where no source breaks the project's credits down by vintage: each is of its first vintage or later"),
    tonnes: count(),
    price: described(z.number().check(z.nonnegative()), 'USD per tonne: the spot price of the item, its basis as the item says'),
  })
  .check(z.meta({ id: 'VintageBought' }))
export type VintageBought = z.infer<typeof vintageBought>

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
      reduction_removal: described(z.optional(reductionRemoval), 'Absent only on results ranked before credence-rank/2'),
      region: z.string(),
      country: z.string(),
      vintage: z.nullable(z.int()),
      quality_score: z.nullable(z.number()),
      quality_grade: z.nullable(qualityGrade),
      co_benefits: z.array(z.string()),
      credits_remaining: count(),
      sources: described(
        z.optional(z.array(z.string())),
        "The sources whose data covers the project, as the project list's `freshness.sources`; absent in recommendations stored before December 2026",
      ),
      synthetic: described(
        z.optional(z.boolean()),
        'A generated project, not a real registry record; absent in recommendations stored before projects said so',
      ),
    }),
    spot_price: spotPrice,
    allocation: z.object({
      tonnes: count(),
      cost_usd: z.number().check(z.nonnegative()),
      vintages: described(
        z.optional(z.array(vintageBought)),
        'The vintages bought, newest first (oldest allowed first before credence-rank/10), each within what remains of it; absent on results ranked before credence-rank/4',
      ),
    }),
  })
  .check(z.meta({ id: 'ShortlistItem' }))
export type ShortlistItem = z.infer<typeof shortlistItem>

/** One value of one dimension of the portfolio, and the money it takes. */
export const mixShare = z.object({
  value: z.string(),
  cost_usd: z.number().check(z.nonnegative()),
  share: described(between(0, 1), 'Share of the allocated budget'),
})
export type MixShare = z.infer<typeof mixShare>

/** The caps the shortlist was diversified under (null: not applied), and the mix it came to. */
export const portfolio = z
  .object({
    caps: z.object({
      max_share_per_type: described(z.nullable(between(0, 1)), 'Null when not applied: the brief names a type'),
      max_share_per_country: described(z.nullable(between(0, 1)), 'Null when not applied: the brief names a region and sets no country cap'),
      min_removal_share: between(0, 1),
    }),
    mix: z.object({
      type: z.array(mixShare),
      region: z.array(mixShare),
      country: z.array(mixShare),
      reduction_removal: z.array(mixShare),
    }),
  })
  .check(z.meta({ id: 'Portfolio' }))
export type Portfolio = z.infer<typeof portfolio>

/** A project the notes name as left out: passed over to diversify, or given nothing of the budget. */
export const leftOutProject = z
  .object({
    key: projectKey,
    name: z.string(),
    reason: described(z.enum(['diversify', 'removals', 'unfunded']), '`diversify`: the score alone would have shortlisted it, but a type\'s or a country\'s cap held its place; `removals`: a reduction the score would have shortlisted, whose place the brief\'s share of removals kept; `unfunded`: it passes the brief but the budget gives it nothing'),
  })
  .check(z.meta({ id: 'LeftOutProject' }))
export type LeftOutProject = z.infer<typeof leftOutProject>

export const rankingMethod = z.object({
  version: z.string().check(z.meta({ example: 'credence-rank/4' })),
  description: z.string(),
  weights: z.object({ quality: z.number(), co_benefits: z.number(), price_fit: z.number(), freshness: z.number() }),
  applied_weights: described(
    z.optional(z.object({ quality: z.number(), co_benefits: z.number(), price_fit: z.number(), freshness: z.number() })),
    "The weights this brief's scores were worked out by: without co-benefits asked, theirs is 0 and shared among the others in proportion. Absent on shortlists ranked before it was given",
  ),
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
    portfolio: described(z.optional(portfolio), 'Absent only on results ranked before credence-rank/2'),
    totals: z.object({
      budget_usd: z.number(),
      allocated_usd: z.number().check(z.nonnegative()),
      remaining_usd: z.number().check(z.nonnegative()),
      tonnes: count(),
    }),
    notes: described(z.array(z.string()), 'Plain-language remarks on the result as a whole, e.g. why it is short'),
    left_out: described(
      z.optional(z.array(leftOutProject)),
      'The projects the notes name as left out, so a view can link each; absent on results ranked before shortlists named them',
    ),
    name: described(
      z.optional(z.nullable(z.string())),
      'The name its maker gave it (`PATCH /api/recommendations/{id}`), as its pack and page are titled; null until named. Not part of the shortlist as it was made: added as it is answered',
    ),
  })
  .check(z.meta({ id: 'Recommendation' }))
export type Recommendation = z.infer<typeof recommendation>
