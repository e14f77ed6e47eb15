import type { Brief } from '../../api/contract/recommendations'
import { coBenefitVocabulary } from '../../api/contract/vocabulary'
import {
  cellsOf,
  codeBits,
  codeOfFacetValue,
  facetCode,
  facetValue,
  facetVocabulary,
  facetValueOfCode,
  facetValues,
  newestOnSale,
  priceAt,
  purchasable,
  registryOf,
  statusOf,
  vintagesOnSale,
  type Catalogue,
  type CataloguePrice,
  type VintageOnSale,
} from '../catalogue/catalogue'
import type { Catalogues } from '../catalogue/catalogues'
import type { Dataset } from '../db/schema'
import { freshnessConcern, type FreshnessConcern } from '../sources/source-list'
import { isRemoval } from '../../lib/reduction-removal'
import { approachOfScope } from './approach'
import { ScratchLender, type ScratchSpace } from './scratch'

/**
 * The projects that can deliver credits now (registered or completed, credits remaining, a quoted price), by
 * column, taken from the catalogue once per dataset version. A brief is ranked with typed-array reads over
 * these columns; only the shortlist's few dozen candidates become objects (candidateAt).
 */
export interface CandidatePool {
  catalogue: Catalogue
  size: number
  /** The candidate's row in the catalogue. */
  row: Int32Array
  /** Facet codes of the candidate's type, region and country (the catalogue's numbering). */
  type: Int32Array
  region: Int32Array
  country: Int32Array
  /** The newest vintage the candidate sells (its first vintage where no source breaks its credits down by vintage); NaN for none. */
  newestOnSale: Float64Array
  price: Float64Array
  logPrice: Float64Array
  /** The quality score, 0 for none: what the score and its tie-break count. */
  quality: Float64Array
  remaining: Float64Array
  /** 1 for a removal project. */
  removal: Uint8Array
  /** 1 for a nature-based project (forestry, land use, agriculture), 0 for a technology-based one. */
  nature: Uint8Array
  /** The co-benefits delivered, one bit per co-benefit of the contract's vocabulary (see coBenefitBit). */
  coBenefits: Uint32Array
  /** Each candidate's freshness, and the time it was computed for (see freshnessAt in score.ts). */
  freshness: { at: number; values: Float64Array }
  /** Positions in ascending price order: a brief's price range and median are read along it. */
  byPrice: Int32Array
  /** Lends working space to one brief's ranking at a time (scratch.ts). */
  scratch: ScratchLender
}

/** A candidate as an object, with what its shortlist item and reasons need. */
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
  /** What may be bought: the credits remaining of the vintages the brief allows, within a quote's quantity. */
  remaining: number
  /** The vintages that may be bought, oldest first, and how much of each remains. */
  onSale: VintageOnSale[]
  /** What its price sells, whatever the brief's vintages: the credits remaining of the vintages it prices, within a quote's quantity. */
  sells: number
  /** The project's credits remaining, whatever a quote sells. */
  creditsRemaining: number
  qualityScore: number | null
  qualityGrade: string | null
  coBenefits: string[]
  labels: string[]
  synthetic: boolean
  price: CataloguePrice
  /** Per covering source: when it last updated the project, how often it should, and what it tells of it. */
  cells: { sourceId: string; sourceName: string; lastSuccess: number; cadenceHours: number; concern: FreshnessConcern }[]
}

const deliverable = new Set(['registered', 'completed'])

/**
 * A co-benefit's bit: its place in the contract's vocabulary (24 values, so a 32-bit word holds them all). A
 * brief may only ask for these, so a value outside the vocabulary in the data never counts and has no bit.
 */
export const coBenefitBit = new Map<string, number>(coBenefitVocabulary.map((value, bit) => [value, 1 << bit]))

function coBenefitBits(catalogue: Catalogue, rows: readonly number[]): Uint32Array {
  // A bit per facet code, worked out once, so building the pool hashes no string per project.
  const bitOfCode = facetVocabulary(catalogue, 'co_benefit').map((value) => coBenefitBit.get(value) ?? 0)
  return Uint32Array.from(rows, (row) => codeBits(catalogue, 'co_benefit', row, bitOfCode))
}


export function candidatePool(catalogue: Catalogue): CandidatePool {
  const rows: number[] = []
  for (let row = 0; row < catalogue.size; row++) {
    if (!deliverable.has(statusOf(catalogue, row))) continue
    if (!(purchasable(catalogue, row) > 0) || Number.isNaN(catalogue.price[row])) continue
    rows.push(row)
  }
  const column = (name: 'type' | 'region' | 'country') => Int32Array.from(rows, (row) => facetCode(catalogue, name, row))
  return {
    catalogue,
    size: rows.length,
    row: Int32Array.from(rows),
    type: column('type'),
    region: column('region'),
    country: column('country'),
    newestOnSale: Float64Array.from(rows, (row) => newestOnSale(catalogue, row)),
    price: Float64Array.from(rows, (row) => catalogue.price[row]),
    logPrice: Float64Array.from(rows, (row) => Math.log(catalogue.price[row])),
    quality: Float64Array.from(rows, (row) => (Number.isNaN(catalogue.qualityScore[row]) ? 0 : catalogue.qualityScore[row])),
    remaining: Float64Array.from(rows, (row) => purchasable(catalogue, row)),
    removal: Uint8Array.from(rows, (row) => (isRemoval(catalogue.reductionRemoval[row]) ? 1 : 0)),
    nature: Uint8Array.from(rows, (row) => (approachOfScope(facetValue(catalogue, 'scope', row)) === 'nature' ? 1 : 0)),
    coBenefits: coBenefitBits(catalogue, rows),
    freshness: { at: NaN, values: new Float64Array(rows.length) },
    byPrice: Int32Array.from(rows.keys()).sort((a, b) => catalogue.price[rows[a]] - catalogue.price[rows[b]] || a - b),
    scratch: new ScratchLender(rows.length),
  }
}

/**
 * The positions of the candidates that pass a brief's hard filters: its type, region and approach, credits on sale of its
 * minimum vintage or later (credits of no known vintage pass when the project's first vintage does) and a price
 * within the whole budget. They are written to the
 * brief's scratch space and marked there with a new generation.
 */
export function passingHardFilters(
  pool: CandidatePool,
  brief: Pick<Brief, 'type' | 'region' | 'vintage_min' | 'budget_usd' | 'approach'>,
  scratch: ScratchSpace,
): Int32Array {
  const { catalogue } = pool
  const type = brief.type === undefined ? -1 : (codeOfFacetValue(catalogue, 'type', brief.type) ?? -2)
  const region = brief.region === undefined ? -1 : (codeOfFacetValue(catalogue, 'region', brief.region) ?? -2)
  const vintageMin = brief.vintage_min ?? -Infinity
  const nature = brief.approach === undefined ? -1 : brief.approach === 'nature' ? 1 : 0
  const budget = brief.budget_usd
  if (scratch.generation === 0xffffffff) {
    scratch.mark.fill(0)
    scratch.generation = 0
  }
  const generation = ++scratch.generation
  const { positions: passing, mark } = scratch
  let n = 0
  for (let i = 0; i < pool.size; i++) {
    if (type !== -1 && pool.type[i] !== type) continue
    if (region !== -1 && pool.region[i] !== region) continue
    if (nature !== -1 && pool.nature[i] !== nature) continue
    if (vintageMin !== -Infinity && !(pool.newestOnSale[i] >= vintageMin)) continue
    if (!(pool.price[i] <= budget)) continue
    passing[n++] = i
    mark[i] = generation
  }
  return passing.subarray(0, n)
}

/**
 * The lowest, highest and median price of the `count` candidates that passed the current brief (0 for none),
 * read along the pool's price order: a walk to the middle instead of sorting or selecting the prices.
 */
export function passingPrices(pool: CandidatePool, count: number, scratch: ScratchSpace): { min: number; max: number; median: number } {
  if (count === 0) return { min: Infinity, max: -Infinity, median: 0 }
  const { byPrice, price } = pool
  const { mark, generation } = scratch
  const middle = count >>> 1
  let seen = 0
  let min = NaN
  let lower = NaN
  let upper = NaN
  for (let j = 0; j < byPrice.length && seen <= middle; j++) {
    const i = byPrice[j]
    if (mark[i] !== generation) continue
    if (seen === 0) min = price[i]
    if (seen === middle - 1) lower = price[i]
    if (seen === middle) upper = price[i]
    seen++
  }
  let max = NaN
  for (let j = byPrice.length - 1; j >= 0; j--) {
    if (mark[byPrice[j]] !== generation) continue
    max = price[byPrice[j]]
    break
  }
  return { min, max, median: count % 2 ? upper : (lower + upper) / 2 }
}

/** The candidate at a pool position, as an object, selling the vintages from `vintageMin` on. */
export function candidateAt(pool: CandidatePool, i: number, vintageMin: number | null): Candidate {
  const { catalogue } = pool
  const { sources } = catalogue
  const row = pool.row[i]
  // The sources of its facts, as its freshness counts them: the open rating's freshness is theirs.
  const cells: Candidate['cells'] = cellsOf(catalogue, row).map((cell) => ({
    sourceId: cell.sourceId,
    sourceName: sources[cell.source].name,
    lastSuccess: cell.updatedMs,
    cadenceHours: cell.cadenceHours,
    concern: freshnessConcern(sources[cell.source]),
  }))
  return {
    id: catalogue.id[row],
    key: catalogue.key[row],
    name: catalogue.name[row],
    registry: registryOf(catalogue, row),
    type: facetValueOfCode(catalogue, 'type', pool.type[i]),
    reductionRemoval: catalogue.reductionRemoval[row],
    region: facetValueOfCode(catalogue, 'region', pool.region[i]),
    country: facetValueOfCode(catalogue, 'country', pool.country[i]),
    vintage: Number.isNaN(catalogue.vintage[row]) ? null : catalogue.vintage[row],
    remaining: vintageMin === null ? pool.remaining[i] : purchasable(catalogue, row, vintageMin),
    onSale: vintagesOnSale(catalogue, row, vintageMin),
    sells: pool.remaining[i],
    creditsRemaining: catalogue.remaining[row],
    qualityScore: Number.isNaN(catalogue.qualityScore[row]) ? null : catalogue.qualityScore[row],
    qualityGrade: catalogue.qualityGrade[row],
    coBenefits: facetValues(catalogue, 'co_benefit', row),
    labels: facetValues(catalogue, 'label', row),
    synthetic: catalogue.synthetic[row] === 1,
    price: priceAt(catalogue, row)!,
    cells,
  }
}

/** The candidate pool of a dataset's current catalogue, built when first asked for and kept beside it. */
export class CandidatePools {
  constructor(private readonly catalogues: Catalogues) {}

  async get(dataset: Dataset): Promise<CandidatePool> {
    const catalogue = await this.catalogues.get(dataset)
    return this.catalogues.derived(catalogue, 'candidate-pool', candidatePool)
  }
}
