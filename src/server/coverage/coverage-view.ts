import type { CoverageMatrix, CoverageQuery } from '../../api/contract/coverage'
import { facetValue, registryOf, type Catalogue } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import { keyOrderOf } from '../catalogue/key-order'
import type { Dataset } from '../db/schema'
import { isDerived, isSimulated, registriesCovered } from '../sources/source-list'
import type { CoverageView } from './coverage-columns'
import { computeMatrix, withApplicableCells } from './matrix'

/**
 * The sources a catalogue's coverage is drawn by: those that bring facts, each on its cadence. The open rating is
 * worked out here from those facts (its freshness is theirs, never overdue of its own); a simulated source makes
 * up data for generated projects only, so a catalogue of real projects has no column of it.
 */
function coverageColumns(catalogue: Catalogue): number[] {
  const generated = catalogue.synthetic.includes(1)
  return catalogue.sources.flatMap((source, j) => (isDerived(source) || (!generated && isSimulated(source.id)) ? [] : [j]))
}

/**
 * The catalogue as the coverage matrix reads it: its coverage columns, with each source's applicable rows, its rows
 * in key order as the project list orders keys (`keyOrderOf`: VCS999 before VCS1000), where the catalogue holds them
 * in the store's order, code unit by code unit.
 */
export function coverageView(catalogue: Catalogue): CoverageView {
  const { rows } = keyOrderOf(catalogue)
  const each = <T>(value: (row: number) => T) => Array.from(rows, value)
  const columns = coverageColumns(catalogue)
  const view = {
    sources: columns.map((j) => {
      const { id, name, cadence_hours, registry } = catalogue.sources[j]
      return { id, name, cadence_hours, registry, registries: registriesCovered(id) }
    }),
    size: catalogue.size,
    key: each((row) => catalogue.key[row]),
    name: each((row) => catalogue.name[row]),
    registry: each((row) => registryOf(catalogue, row)),
    type: each((row) => facetValue(catalogue, 'type', row)),
    region: each((row) => facetValue(catalogue, 'region', row)),
    synthetic: Uint8Array.from(rows, (row) => catalogue.synthetic[row]),
    updated: columns.map((j) => Float64Array.from(rows, (row) => catalogue.coverage[j][row])),
  }
  return withApplicableCells(view)
}

/** Each request computes its ages, states, summaries and order from the catalogue, against the request time. */
export class CoverageMatrices {
  constructor(private readonly catalogues: Catalogues) {}

  /**
   * The matrix, or the sources the query names that draw no column of it (a derived or simulated source, or none
   * at all): a filter by them would answer every project with no cell, which reads as a map of nothing.
   */
  async matrix(dataset: Dataset, query: CoverageQuery, now: Date): Promise<{ matrix: Omit<CoverageMatrix, 'object'> } | { noColumn: string[]; columns: string[] }> {
    const catalogue = await this.catalogues.get(dataset)
    const view = this.catalogues.derived(catalogue, 'coverage-view', coverageView)
    const columns = view.sources.map((source) => source.id)
    const noColumn = (query.source ?? []).filter((id) => !columns.includes(id))
    return noColumn.length > 0 ? { noColumn, columns } : { matrix: computeMatrix(view, query, now) }
  }
}
