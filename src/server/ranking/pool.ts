import type { Brief } from '../../api/contract/recommendations'
import type { Catalogue } from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import type { Dataset } from '../db/schema'

/** What ranking needs of a project that may be recommended, taken from the catalogue once per dataset version. */
export interface Candidate {
  id: string
  key: string
  name: string
  registry: string
  type: string
  reductionRemoval: string
  region: string
  country: string
  vintage: number | null
  remaining: number
  qualityScore: number | null
  qualityGrade: string | null
  coBenefits: string[]
  labels: string[]
  synthetic: boolean
  price: { value: number; asOf: Date; source: string }
  /** Per covering source: when it last updated the project, and how often it should. */
  cells: { sourceName: string; lastSuccess: number; cadenceHours: number }[]
  /** The freshness last computed from the cells, and for when (see freshnessOf). */
  freshness?: { at: number; value: number }
}

/**
 * The projects that can deliver credits now (registered or completed, credits remaining, a quoted price), with
 * the facet codes of their type and region and their vintage by column, so a brief's type, region and minimum
 * vintage narrow the pool with typed-array reads before ranking looks at a candidate.
 */
export interface CandidatePool {
  candidates: Candidate[]
  type: Int32Array
  region: Int32Array
  vintage: Float64Array
  typeCode: Map<string, number>
  regionCode: Map<string, number>
}

const deliverable = new Set(['registered', 'completed'])

function valuesOf(column: Catalogue['facets'][keyof Catalogue['facets']], row: number): string[] {
  const values: string[] = []
  for (let k = column.starts[row]; k < column.starts[row + 1]; k++) values.push(column.values[column.codes[k]])
  return values
}

export function candidatePool(catalogue: Catalogue): CandidatePool {
  const { facets, sources } = catalogue
  const single = (name: 'type' | 'region' | 'registry' | 'country' | 'status', row: number) => facets[name].codes[facets[name].starts[row]]
  const rows: number[] = []
  for (let row = 0; row < catalogue.size; row++) {
    if (!deliverable.has(facets.status.values[single('status', row)])) continue
    if (!(catalogue.remaining[row] > 0) || Number.isNaN(catalogue.price[row])) continue
    rows.push(row)
  }
  const candidates = rows.map((row): Candidate => {
    const cells: Candidate['cells'] = []
    sources.forEach((source, j) => {
      const lastSuccess = catalogue.coverage[j][row]
      if (!Number.isNaN(lastSuccess)) cells.push({ sourceName: source.name, lastSuccess, cadenceHours: source.cadence_hours })
    })
    const priceSource = catalogue.priceSource[row]
    return {
      id: catalogue.id[row],
      key: catalogue.key[row],
      name: catalogue.name[row],
      registry: facets.registry.values[single('registry', row)],
      type: facets.type.values[single('type', row)],
      reductionRemoval: catalogue.reductionRemoval[row],
      region: facets.region.values[single('region', row)],
      country: facets.country.values[single('country', row)],
      vintage: Number.isNaN(catalogue.vintage[row]) ? null : catalogue.vintage[row],
      remaining: catalogue.remaining[row],
      qualityScore: Number.isNaN(catalogue.qualityScore[row]) ? null : catalogue.qualityScore[row],
      qualityGrade: catalogue.qualityGrade[row],
      coBenefits: valuesOf(facets.co_benefit, row),
      labels: valuesOf(facets.label, row),
      synthetic: catalogue.synthetic[row] === 1,
      price: { value: catalogue.price[row], asOf: new Date(catalogue.priceAsOf[row]), source: priceSource >= 0 ? sources[priceSource].name : 'marketsource' },
      cells,
      // Present from the start, so every candidate keeps one shape when ranking first fills it in.
      freshness: undefined,
    }
  })
  return {
    candidates,
    type: Int32Array.from(rows, (row) => single('type', row)),
    region: Int32Array.from(rows, (row) => single('region', row)),
    vintage: Float64Array.from(rows, (row) => catalogue.vintage[row]),
    typeCode: facets.type.codeOf,
    regionCode: facets.region.codeOf,
  }
}

/** The candidates of a brief's type, region and minimum vintage (a project without a vintage fails any minimum). */
export function narrowPool(pool: CandidatePool, brief: Pick<Brief, 'type' | 'region' | 'vintage_min'>): Candidate[] {
  const type = brief.type === undefined ? -1 : (pool.typeCode.get(brief.type) ?? -2)
  const region = brief.region === undefined ? -1 : (pool.regionCode.get(brief.region) ?? -2)
  const vintageMin = brief.vintage_min
  if (type === -1 && region === -1 && vintageMin === undefined) return pool.candidates
  const narrowed: Candidate[] = []
  for (let i = 0; i < pool.candidates.length; i++) {
    if (type !== -1 && pool.type[i] !== type) continue
    if (region !== -1 && pool.region[i] !== region) continue
    if (vintageMin !== undefined && !(pool.vintage[i] >= vintageMin)) continue
    narrowed.push(pool.candidates[i])
  }
  return narrowed
}

/** The candidate pool of a dataset's current catalogue, built when first asked for and kept beside it. */
export class CandidatePools {
  constructor(private readonly catalogues: Catalogues) {}

  async get(dataset: Dataset): Promise<CandidatePool> {
    const catalogue = await this.catalogues.get(dataset)
    return this.catalogues.derived(catalogue, 'candidate-pool', candidatePool)
  }
}
