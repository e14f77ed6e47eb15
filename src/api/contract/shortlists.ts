import * as z from 'zod/mini'
import { between, count, described, pageOf, pageParam, perPageParam, projectKey, qualityGrade, timestamp } from './common'
import { qualitySignal } from './projects'
import { ratingCitation } from './rating-method'
import { brief } from './brief'
import { shortlistsPerPage } from '../shortlist-pages'
import { shortlistName } from './shortlist-name'

/** One shortlist the caller made, as the list of kept shortlists shows it; the answer itself is unchanged. */
export const shortlistSummary = z
  .object({
    id: z.string().check(z.meta({ example: 'rec_01jc5x8q2h7k' })),
    object: z.literal('shortlist'),
    name: described(z.nullable(z.string()), 'The name its maker gave it; null until named'),
    created_at: timestamp,
    brief,
    simulated: described(z.boolean(), "Computed on the sandbox's fixed dataset"),
    projects: described(count(), 'Projects ranked'),
    totals: z.object({
      budget_usd: z.number(),
      allocated_usd: z.number().check(z.nonnegative()),
      tonnes: count(),
    }),
  })
  .check(z.meta({ id: 'ShortlistSummary' }))
export type ShortlistSummary = z.infer<typeof shortlistSummary>

export const shortlistListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(100, shortlistsPerPage),
})
export type ShortlistListQuery = z.infer<typeof shortlistListQuery>

export const shortlistPage = pageOf(shortlistSummary).check(z.meta({ id: 'ShortlistPage' }))
export type ShortlistPage = z.infer<typeof shortlistPage>

/** A shortlist's new name; null or blank takes the name away. */
export const shortlistRename = z.strictObject({
  name: described(
    z.nullable(shortlistName),
    'The name to give it; null or an empty string takes the name away',
  ),
}).check(z.meta({ id: 'ShortlistRename' }))
export type ShortlistRename = z.infer<typeof shortlistRename>

/**
 * What deleting a shortlist answers, as Stripe answers a deletion: its id, its kind and that it is gone. Its link, its
 * pack and its printed page answer 410 from then on, saying when it was deleted.
 */
export const deletedShortlist = z
  .strictObject({
    id: z.string().check(z.meta({ example: 'rec_01jc5x8q2h7k' })),
    object: z.literal('recommendation'),
    deleted: z.literal(true),
  })
  .check(z.meta({ id: 'DeletedShortlist' }))
export type DeletedShortlist = z.infer<typeof deletedShortlist>

/** One shortlisted project's quality evidence, as the catalogue rates it now. */
export const projectEvidence = z.object({
  key: projectKey,
  name: z.string(),
  in_catalogue: described(z.boolean(), 'False when the project is no longer in the catalogue (its signals are then empty)'),
  score: z.nullable(between(0, 100)),
  grade: z.nullable(qualityGrade),
  rated_weight: described(between(0, 1), 'Share of the weight backed by evidence'),
  signals: described(z.array(qualitySignal), 'All eight signals, in the order of the rating method'),
})
export type ProjectEvidence = z.infer<typeof projectEvidence>

/** The evidence the shortlist's grades rest on, per project and signal, with every citation it names. */
export const shortlistEvidence = z
  .object({
    object: z.literal('shortlist_evidence'),
    id: z.string(),
    rating_version: z.string().check(z.meta({ example: 'credence-rating/6' })),
    projects: described(z.array(projectEvidence), 'In rank order'),
    citations: described(z.array(ratingCitation), 'Every citation a signal above names, in the order of the rating method'),
  })
  .check(z.meta({ id: 'ShortlistEvidence' }))
export type ShortlistEvidence = z.infer<typeof shortlistEvidence>
