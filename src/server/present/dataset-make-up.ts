import type { Catalogue } from '../../api/contract/catalogue'
import type { DatasetMakeUp } from '../projects/dataset-make-up'

/** A dataset's make-up as `GET /api/catalogue` answers it. */
export const toCatalogue = (makeUp: DatasetMakeUp): Catalogue => ({
  object: 'catalogue',
  dataset: makeUp.dataset,
  projects: makeUp.projects,
  synthetic_projects: makeUp.synthetic,
  as_of: makeUp.asOf?.toISOString() ?? null,
  attribution: makeUp.attribution,
})
