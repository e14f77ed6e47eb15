import type { CoverageMatrix, CoverageQuery } from '../../api/contract/coverage'
import type { RegistryCode } from '../../api/contract/common'
import type { Catalogue } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import type { Dataset } from '../db/schema'
import type { CoverageView } from './coverage-columns'
import { computeMatrix, withApplicableCells } from './matrix'

/** The catalogue as the coverage matrix reads it: its coverage columns, with each source's applicable rows. */
export function coverageView(catalogue: Catalogue): CoverageView {
  const label = (name: 'registry' | 'type' | 'region') =>
    Array.from({ length: catalogue.size }, (_, r) => catalogue.facets[name].values[catalogue.facets[name].codes[catalogue.facets[name].starts[r]]])
  const view = {
    sources: catalogue.sources.map(({ id, name, cadence_hours, registry }) => ({ id, name, cadence_hours, registry })),
    size: catalogue.size,
    key: catalogue.key,
    name: catalogue.name,
    registry: label('registry') as RegistryCode[],
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
