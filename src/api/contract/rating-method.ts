import * as z from 'zod/mini'
import { between, described } from './common'
import { qualitySignalKey } from './projects'

/** A published source a rating rule rests on. */
export const ratingCitation = z
  .object({
    id: described(z.string(), 'What a quality signal names in its citations, e.g. probst-2024'),
    text: described(z.string(), 'Authors, title, journal or publisher, year'),
    url: z.optional(z.string()),
  })
  .check(z.meta({ id: 'RatingCitation' }))
export type RatingCitation = z.infer<typeof ratingCitation>

export const ratingMethodSignal = z.object({
  key: qualitySignalKey,
  label: z.string(),
  weight: between(0, 1),
  description: z.string(),
  rules: described(z.array(z.string()), 'How the value is computed from public facts, rule by rule'),
})
export type RatingMethodSignal = z.infer<typeof ratingMethodSignal>

/** The open rating: every signal, its weight and rules, and the evidence they cite. */
export const ratingMethod = z
  .object({
    object: z.literal('rating_method'),
    version: z.string().check(z.meta({ example: 'credence-rating/2' })),
    description: z.string(),
    signals: z.array(ratingMethodSignal),
    citations: z.array(ratingCitation),
  })
  .check(z.meta({ id: 'RatingMethod' }))
export type RatingMethod = z.infer<typeof ratingMethod>
