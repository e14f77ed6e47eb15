import type { CoverageMatrix, CoverageQuery } from '../../api/contract/coverage'
import { facetValue, registryOf, type Catalogue } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import type { Dataset } from '../db/schema'
import type { CoverageView } from './coverage-columns'
import { computeMatrix, withApplicableCells } from './matrix'

/** The catalogue as the coverage matrix reads it: its coverage columns, with each source's applicable rows. */
export function coverageView(catalogue: Catalogue): CoverageView {
  const label = (name: 'type' | 'region') => Array.from({ length: catalogue.size }, (_, row) => facetValue(catalogue, name, row))
  const view = {
    sources: catalogue.sources.map(({ id, name, cadence_hours, registry }) => ({ id, name, cadence_hours, registry })),
    size: catalogue.size,
    key: catalogue.key,
    name: catalogue.name,
    registry: Array.from({ length: catalogue.size }, (_, row) => registryOf(catalogue, row)),
    type: label('type'),
    region: label('region'),
    synthetic: catalogue.synthetic,
    updated: catalogue.coverage,
  }
  return withApplicableCells(view)
}

/** Each request computes its ages, states, summaries and order from the catalogue, against the request time. */
export class CoverageMatrices {
  constructor(private readonly catalogues: Catalogues) {}

  async matrix(dataset: Dataset, query: CoverageQuery, now: Date): Promise<Omit<CoverageMatrix, 'object'>> {
    const catalogue = await this.catalogues.get(dataset)
    return computeMatrix(this.catalogues.derived(catalogue, 'coverage-view', coverageView), query, now)
  }
}
