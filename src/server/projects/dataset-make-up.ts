import { freshnessConcern, sourceFor, vrodAttribution } from '../sources/source-list'
import { datasetMakeUp } from '../db/queries/catalogue'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset } from '../db/schema'

/** What a dataset is made of: how many of its projects are generated, the data's own date and the credit it owes. */
export interface DatasetMakeUp {
  dataset: Dataset
  projects: number
  synthetic: number
  /** The newest import of projects' facts, by its own date; null while nothing real is in it. */
  asOf: Date | null
  /** The credit real data must carry, or null when nothing imported is in it. */
  attribution: string | null
}

/**
 * What a dataset is made of (the API calls it the catalogue). `GET /api/catalogue` answers it and the shortlist's
 * pack states it, so the two say the same of the same data.
 */
export async function describeDataset(db: ScopedDb, dataset: Dataset): Promise<DatasetMakeUp> {
  const makeUp = await datasetMakeUp(db)
  const real = makeUp.projects - makeUp.synthetic
  // The projects' facts date the catalogue: a price's date is its own (a buyer's quotes file is dated the day it came),
  // and would call facts of last year today's.
  const facts = makeUp.imports.filter(({ sourceId }) => {
    const source = sourceFor(sourceId)
    return source !== undefined && freshnessConcern(source) === 'credits'
  })
  const dates = [...facts.map((d) => d.datedMs), makeUp.seededMs].filter((at) => !Number.isNaN(at))
  return {
    dataset,
    projects: makeUp.projects,
    synthetic: makeUp.synthetic,
    asOf: real > 0 && dates.length > 0 ? new Date(Math.max(...dates)) : null,
    attribution: real > 0 ? vrodAttribution : null,
  }
}
