import * as z from 'zod/mini'
import { described, projectKey, timestamp } from './common'

export const maxPriceKeys = 100

export const spotPrice = z
  .object({
    key: projectKey,
    name: described(z.string(), "The project's name, so a list of keys reads without a second lookup"),
    value: z.number().check(z.positive()),
    basis: described(z.enum(['quote', 'estimate']), 'A quote, or the reference estimate (see the rating method)'),
    low: described(z.nullable(z.number()), "An estimate's range; null for a quote"),
    high: z.nullable(z.number()),
    quote: described(
      z.nullable(z.object({ vintage: z.nullable(z.int()), quantity: described(z.nullable(z.number()), 'Most it sells, t'), supplier: z.nullable(z.string()), valid_until: z.nullable(z.iso.date()) })),
      "The buyer's quote behind the price",
    ),
    currency: z.literal('USD'),
    unit: z.literal('tCO2e'),
    as_of: timestamp,
    source: z.string(),
    simulated: described(z.boolean(), "True for a generated catalogue's simulated market data"),
    on_sale: z.optional(
      described(
        z.number().check(z.nonnegative()),
        "Credits the price sells, t: what remains of the vintages it prices, within a quote's quantity, and never more than the project's remaining (less than those vintages' sum where a source retires more of another vintage than it issued). 0 where none remain, the price then only what its credits would fetch. Absent from shortlists kept before it was added",
      ),
    ),
  })
  .check(z.meta({ id: 'SpotPrice' }))
export type SpotPrice = z.infer<typeof spotPrice>

const atLeastOneKey = 'projectKeys lists at least one project key'

/** `projectKeys=VCS191,GS337`: at most 100 distinct keys; duplicates are answered once. */
export const priceBatchQuery = z.object({
  projectKeys: described(
    z.pipe(
      z.pipe(
        z.string().check(z.minLength(1, atLeastOneKey)),
        z.transform((raw) => [...new Set(raw.split(',').map((k) => k.trim()).filter(Boolean))]),
      ),
      z
        .array(projectKey)
        .check(
          z.minLength(1, atLeastOneKey),
          z.maxLength(maxPriceKeys, `projectKeys lists at most ${maxPriceKeys} keys; split larger lookups into several requests`),
        ),
    ),
    `Comma-separated project keys, at most ${maxPriceKeys}`,
  ),
})

export const priceBatch = z
  .object({
    object: z.literal('list'),
    data: z.array(spotPrice),
    unknown_keys: described(z.array(z.string()), 'Keys of no known project'),
    unpriced_keys: described(z.array(z.string()), 'Known projects with no price (not issuing)'),
  })
  .check(z.meta({ id: 'SpotPriceBatch' }))
export type PriceBatch = z.infer<typeof priceBatch>
