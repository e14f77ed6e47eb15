import type { Catalogue } from '../../api/contract/catalogue'
import { vrodAttribution } from '../sources/source-list'
import { datasetMakeUp } from '../db/queries/catalogue'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset } from '../db/schema'

/**
 * What a dataset is made of (the API calls it the catalogue): how many of its projects are generated, the data's own as-of date and the
 * credit real data must carry. `GET /api/catalogue` answers it and the shortlist's pack states it, so the two say
 * the same of the same data.
 */
export async function describeDataset(db: ScopedDb, dataset: Dataset): Promise<Catalogue> {
  const makeUp = await datasetMakeUp(db)
  const real = makeUp.projects - makeUp.synthetic
  return {
    object: 'catalogue',
    dataset,
    projects: makeUp.projects,
    synthetic_projects: makeUp.synthetic,
    as_of: real > 0 && makeUp.asOf ? makeUp.asOf.toISOString() : null,
    attribution: real > 0 ? vrodAttribution : null,
  }
}
