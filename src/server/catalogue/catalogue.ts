import type { RegistryCode } from '../../api/contract/common'
import type { FacetName } from '../../api/contract/projects'

/**
 * The catalogue of one dataset version, in memory, by column: every project's facts, its coverage by each
 * source, its spot price and its credits per year. It is read once per dataset version (catalogues.ts) and every
 * view of all projects (the project list and facets, the credit history, the ranking's candidate pool, the
 * coverage matrix, the sources' counts) reads it instead of the database. Columns rather than an object per
 * project: a pass over 100,000 projects reads memory in order, and the whole catalogue costs a few hundred bytes
 * a project instead of several kilobytes of objects.
 *
 * Rows are numbered 0..size-1 in key order (code unit order, as the database's C collation sorts keys).
 */
export interface CatalogueSource {
  id: string
  name: string
  kind: string
  cadence_hours: number
  registry: RegistryCode | null
}

/** A facet's values, numbered; a row's codes are codes[starts[row]] up to codes[starts[row + 1]]. */
export interface FacetColumn {
  starts: Int32Array
  codes: Int32Array
  values: string[]
  codeOf: Map<string, number>
}

export interface Catalogue {
  size: number
  sources: CatalogueSource[]
  /** Row of a project id. */
  rowOf: Map<string, number>
  id: string[]
  key: string[]
  name: string[]
  /** Key and name lower-cased, for the text search. */
  keyLower: string[]
  nameLower: string[]
  /** By facet, in the contract's facetNames order. */
  facets: Record<FacetName, FacetColumn>
  reductionRemoval: string[]
  /** NaN for none. */
  vintage: Float64Array
  issued: Float64Array
  retired: Float64Array
  remaining: Float64Array
  buffer: Float64Array
  /** NaN for none. */
  qualityScore: Float64Array
  qualityGrade: (string | null)[]
  updatedAt: Float64Array
  /** 1 for a generated project, not a real registry record. */
  synthetic: Uint8Array
  /** By source (in `sources` order), by row: epoch ms of the source's last update of the project; NaN for never. */
  coverage: Float64Array[]
  /** By source: how many projects it covers and its latest update (NaN for none), counted once per version. */
  sourceTotals: { projects: number; lastSuccessMs: number }[]
  /** Spot price per row (NaN for none), its as-of time and the index of its source in `sources` (-1 for none). */
  price: Float64Array
  priceAsOf: Float64Array
  priceSource: Int32Array
  /** Credits per year: a row's years are starts[row] up to starts[row + 1], ascending. */
  credits: {
    starts: Int32Array
    year: Int32Array
    issuedByVintage: Float64Array
    issuedInYear: Float64Array
    retiredInYear: Float64Array
    retiredByVintage: Float64Array
  }
}

/** The single value of a single-valued facet (type, region, registry, …) of a row. */
export const facetValueOf = (column: FacetColumn, row: number) => column.values[column.codes[column.starts[row]]]

/** The covering sources of a row, with their cadences: what a project's freshness is computed from. */
export function cellsOf(catalogue: Catalogue, row: number): { updatedMs: number; cadenceHours: number; source: number }[] {
  const cells = []
  for (let j = 0; j < catalogue.sources.length; j++) {
    const updatedMs = catalogue.coverage[j][row]
    if (!Number.isNaN(updatedMs)) cells.push({ updatedMs, cadenceHours: catalogue.sources[j].cadence_hours, source: j })
  }
  return cells
}

/** How many projects a source covers and its newest update of one (NaN for none), in this catalogue version. */
export function sourceCoverage(catalogue: Catalogue, sourceId: string): { projects: number; lastSuccessMs: number } {
  const j = catalogue.sources.findIndex((source) => source.id === sourceId)
  return j < 0 ? { projects: 0, lastSuccessMs: Number.NaN } : catalogue.sourceTotals[j]
}
