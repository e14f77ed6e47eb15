import * as z from 'zod/mini'
import { between, described, qualityGrade } from './common'
import { qualitySignalKey } from './projects'

/** A published source a rating rule rests on. */
export const ratingCitation = z
  .object({
    id: described(z.string(), 'What a quality signal names in its citations, e.g. probst-2024'),
    authors: described(z.string(), 'As a reference names them: "Probst et al.", "ICVCM"'),
    year: z.int(),
    short: described(z.string(), 'How the method cites it in text: "West et al. 2023", "ICVCM 2024a"'),
    title: z.string(),
    text: described(z.string(), 'The full reference, and what it found that the rating uses'),
    url: z.optional(z.string()),
  })
  .check(z.meta({ id: 'RatingCitation' }))
export type RatingCitation = z.infer<typeof ratingCitation>

/** A value published evidence gives one signal for one kind of project. */
export const ratingFinding = z
  .object({
    kind: described(z.string(), 'The kind of project, e.g. "Avoided deforestation (REDD+)"'),
    covers: described(z.string(), 'The project types the kind takes in, as one line of text'),
    types: described(z.array(z.string()), 'The project types the kind takes in, each exactly as the catalogue spells it'),
    value: between(0, 1),
    says: described(z.string(), 'The finding in a sentence'),
    citations: described(z.array(z.string()), 'Ids of the citations it rests on'),
  })
  .check(z.meta({ id: 'RatingFinding' }))
export type RatingFinding = z.infer<typeof ratingFinding>

/** One rule of a signal, in a sentence, with the evidence it rests on. */
export const ratingRule = z
  .object({ text: z.string(), citations: described(z.array(z.string()), 'Ids of the citations it rests on') })
  .check(z.meta({ id: 'RatingRule' }))
export type RatingRule = z.infer<typeof ratingRule>

export const ratingMethodSignal = z.object({
  key: qualitySignalKey,
  label: z.string(),
  weight: between(0, 1),
  description: z.string(),
  unknown_value: described(
    between(0, 1),
    'What the signal counts as when no fact or finding supports it: the lowest value its rules give, as unknown risk',
  ),
  findings: described(z.array(ratingFinding), 'Values from published evidence, a row per kind of project; a type falls under one kind at most'),
  rules: described(z.array(ratingRule), 'How the value is computed from public facts otherwise, rule by rule'),
})
export type RatingMethodSignal = z.infer<typeof ratingMethodSignal>

const usd = z.number().check(z.nonnegative())

const band = { low: usd, typical: usd, high: usd }

/** How a project no one quoted is priced: the open reference estimate, served beside the rating. */
export const priceMethod = z
  .object({
    version: z.string(),
    description: z.string(),
    bands: described(z.array(z.object({ types: z.array(z.string()), ...band })), 'USD/tCO2e by type'),
    other_types: z.object(band),
    adjustments: z.array(ratingRule),
    citations: z.array(z.string()),
  })
  .check(z.meta({ id: 'PriceMethod' }))
export type PriceMethod = z.infer<typeof priceMethod>

/** The open rating: every signal, its weight and rules, and the evidence they cite. */
export const ratingMethod = z
  .object({
    object: z.literal('rating_method'),
    version: z.string().check(z.meta({ example: 'credence-rating/6' })),
    description: z.string(),
    points: described(z.string(), "How a signal's value becomes the points it adds to the score"),
    grades: described(z.array(z.object({ grade: qualityGrade, min_score: between(0, 100) })), 'The lowest score of each grade, best first'),
    signals: z.array(ratingMethodSignal),
    prices: priceMethod,
    citations: z.array(ratingCitation),
  })
  .check(z.meta({ id: 'RatingMethod' }))
export type RatingMethod = z.infer<typeof ratingMethod>
