import { z } from 'zod'
import { projectKey, timestamp } from './common'

export const maxPriceKeys = 100

export const spotPrice = z
  .object({
    key: projectKey,
    value: z.number().positive(),
    currency: z.literal('USD'),
    unit: z.literal('tCO2e'),
    as_of: timestamp,
    source: z.string(),
    simulated: z.boolean().meta({ description: 'True for the sandbox\'s simulated market data' }),
  })
  .meta({ id: 'SpotPrice' })
export type SpotPrice = z.infer<typeof spotPrice>

/** `projectKeys=VCS191,GS337`: at most 100 distinct keys; duplicates are answered once. */
export const priceBatchQuery = z.object({
  projectKeys: z
    .string()
    .min(1, 'projectKeys lists at least one project key')
    .transform((raw) => [...new Set(raw.split(',').map((k) => k.trim()).filter(Boolean))])
    .pipe(
      z
        .array(projectKey)
        .min(1, 'projectKeys lists at least one project key')
        .max(maxPriceKeys, `projectKeys lists at most ${maxPriceKeys} keys; split larger lookups into several requests`),
    ),
})

export const priceBatch = z
  .object({
    object: z.literal('list'),
    data: z.array(spotPrice),
    unknown_keys: z.array(z.string()).meta({ description: 'Keys of no known project' }),
    unpriced_keys: z.array(z.string()).meta({ description: 'Known projects with no quoted price yet' }),
  })
  .meta({ id: 'SpotPriceBatch' })
export type PriceBatch = z.infer<typeof priceBatch>
