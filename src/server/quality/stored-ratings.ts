import type { Kysely } from 'kysely'
import { bumpDatasetVersion } from '../db/queries/dataset-versions'
import { isSeeded, readMeta, writeMeta } from '../db/queries/meta'
import { allProjects } from '../db/queries/rating-reads'
import { scoped } from '../db/queries/scoped'
import { describeRatingSource } from '../db/queries/sources'
import type { Database, Dataset } from '../db/schema'
import { ratingSourceDescription, ratingSourceName } from '../sources/rating-source'
import { applyRatings, planRerate } from './rerate'
import { ratingVersion } from '../core/method-versions'

/**
 * Re-rates a dataset whose stored signals were computed by older rules, once, at start and before its
 * catalogue loads, so a grade never says one version of the method while the method page says another.
 * Returns the number of projects whose score changed, or null when there was nothing to do.
 */
export async function rerateOlderRatings(db: Kysely<Database>, dataset: Dataset, now: Date): Promise<number | null> {
  if (!(await isSeeded(db, dataset))) return null
  if ((await readMeta(db, dataset, 'rating_version')) === ratingVersion) return null
  return db.transaction().execute(async (trx) => {
    const data = scoped(trx, dataset)
    // Dated by the facts each rated, as a run of the open rating dates them: a new version of the rules brings no
    // newer facts, and dated by the start, every signal read "as of" the day the API was upgraded.
    const { plan } = await planRerate(data, await allProjects(data), now)
    await applyRatings(data, plan)
    await describeRatingSource(data, 'src_ratings', ratingSourceName, ratingSourceDescription)
    await writeMeta(trx, dataset, { rating_version: ratingVersion })
    await bumpDatasetVersion(trx, dataset)
    return plan.changed
  })
}
