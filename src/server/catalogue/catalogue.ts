import type { ProjectStatus, QualityGrade, ReductionRemoval, RegistryCode } from '../../api/contract/common'
import type { FacetName } from '../../api/contract/projects'
import { isDerived } from '../sources/source-list'
import { credenceKey } from '../../api/key-spellings'

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
  /** Row by lower-cased key, for lookups by a key as a buyer types it. */
  rowByKey: Map<string, number>
  nameLower: string[]
  /**
   * The compliance id of each row another row shares it with (`projects.compliance_id`): one project two registries
   * list, which a shortlist holds once. Most rows are not in it.
   */
  sharedListing: ReadonlyMap<number, string>
  /** By facet, in the contract's facetNames order. */
  facets: Record<FacetName, FacetColumn>
  reductionRemoval: ReductionRemoval[]
  /** NaN for none. */
  vintage: Float64Array
  issued: Float64Array
  retired: Float64Array
  remaining: Float64Array
  buffer: Float64Array
  /** NaN for none. */
  qualityScore: Float64Array
  qualityGrade: (QualityGrade | null)[]
  updatedAt: Float64Array
  /** 1 for a generated project, not a real registry record. */
  synthetic: Uint8Array
  /** By source (in `sources` order), by row: epoch ms of the source's last update of the project; NaN for never. */
  coverage: Float64Array[]
  /** By source: how many projects it covers, counted once per version. */
  sourceTotals: { projects: number }[]
  /**
   * Price per row (NaN for none), its as-of time and the index of its source in `sources`: a source's quote, or,
   * where no source quoted the project (-1), the open reference estimate with its low and high (NaN for a quote).
   */
  price: Float64Array
  priceAsOf: Float64Array
  priceSource: Int32Array
  priceLow: Float64Array
  priceHigh: Float64Array
  /** A buyer's live quote by row, for the rows it prices: what it is for and how much of it there is. */
  quotes: Map<number, CatalogueQuote>
  /** When a quote counted here lapses, and the catalogue must be read again (Infinity: never). */
  expiresAtMs: number
  /**
   * What each row sells at its price, oldest vintage first (on-sale.ts): a row's vintages are starts[row] up to
   * starts[row + 1]; year 0 stands for credits no source breaks down by vintage.
   */
  sale: { starts: Int32Array; year: Int32Array; remaining: Float64Array }
  /** Credits per year: a row's years are starts[row] up to starts[row + 1], ascending. */
  credits: {
    starts: Int32Array
    year: Int32Array
    issuedByVintage: Float64Array
    issuedInYear: Float64Array
    retiredInYear: Float64Array
    /** Remaining of the vintage as of the count (Berkeley's third block); retired of it is issued less this. */
    remainingByVintage: Float64Array
  }
}

/*
 * Accessors. Modules outside catalogue/ read the facet columns through these, never their starts/codes layout.
 */

/** The code of a single-valued facet (type, region, country, registry, status, scope) of a row. */
export const facetCode = (catalogue: Catalogue, facet: FacetName, row: number) => {
  const column = catalogue.facets[facet]
  return column.codes[column.starts[row]]
}

/** The value of a facet code: what `facetCode` numbers. */
export const facetValueOfCode = (catalogue: Catalogue, facet: FacetName, code: number) => catalogue.facets[facet].values[code]

/** The code of a facet value, or undefined when no project has it. */
export const codeOfFacetValue = (catalogue: Catalogue, facet: FacetName, value: string) => catalogue.facets[facet].codeOf.get(value)

/** How many distinct values a facet has: codes run from 0 to this, exclusive. */
export const facetSize = (catalogue: Catalogue, facet: FacetName) => catalogue.facets[facet].values.length

/** Every value a facet takes, in code order. */
export const facetVocabulary = (catalogue: Catalogue, facet: FacetName): readonly string[] => catalogue.facets[facet].values

/** The single value of a single-valued facet of a row. */
export const facetValue = (catalogue: Catalogue, facet: FacetName, row: number) => facetValueOfCode(catalogue, facet, facetCode(catalogue, facet, row))

/** Every value of a facet of a row (labels, co-benefits: several; the others: one). */
export function facetValues(catalogue: Catalogue, facet: FacetName, row: number): string[] {
  const { starts, codes, values } = catalogue.facets[facet]
  const found: string[] = []
  for (let k = starts[row]; k < starts[row + 1]; k++) found.push(values[codes[k]])
  return found
}

/** Whether any of a row's codes of a facet is marked in `wanted` (indexed by code): the filters' inner loop. */
export function hasAnyCode(catalogue: Catalogue, facet: FacetName, row: number, wanted: Uint8Array): boolean {
  const { starts, codes } = catalogue.facets[facet]
  for (let k = starts[row]; k < starts[row + 1]; k++) if (wanted[codes[k]]) return true
  return false
}

/** Adds one to `counts` (indexed by code) for each code of a row's facet: the facet counts' inner loop. */
export function countCodes(catalogue: Catalogue, facet: FacetName, row: number, counts: Int32Array) {
  const { starts, codes } = catalogue.facets[facet]
  for (let k = starts[row]; k < starts[row + 1]; k++) counts[codes[k]]++
}

/** The bits of a row's codes of a facet, OR-ed (`bitOfCode` indexed by code): a pool's co-benefit words. */
export function codeBits(catalogue: Catalogue, facet: FacetName, row: number, bitOfCode: readonly number[]): number {
  const { starts, codes } = catalogue.facets[facet]
  let bits = 0
  for (let k = starts[row]; k < starts[row + 1]; k++) bits |= bitOfCode[codes[k]]
  return bits
}

/** A row's registry and status, typed as the contract's enums (the loader reads them from typed columns). */
export const registryOf = (catalogue: Catalogue, row: number) => facetValue(catalogue, 'registry', row) as RegistryCode
export const statusOf = (catalogue: Catalogue, row: number) => facetValue(catalogue, 'status', row) as ProjectStatus

/** The credit years of a row: indices into `credits`' columns, ascending by year. */
export const creditYearRange = (catalogue: Catalogue, row: number): [from: number, to: number] => [catalogue.credits.starts[row], catalogue.credits.starts[row + 1]]

/**
 * The covering sources of a row, with their cadences: what a project's freshness is computed from. The open rating
 * is not among them: its freshness is that of the facts it rates, which are.
 */
export function cellsOf(catalogue: Catalogue, row: number): { updatedMs: number; cadenceHours: number; source: number; sourceId: string }[] {
  const cells = []
  for (let j = 0; j < catalogue.sources.length; j++) {
    if (isDerived(catalogue.sources[j])) continue
    const updatedMs = catalogue.coverage[j][row]
    if (!Number.isNaN(updatedMs)) cells.push({ updatedMs, cadenceHours: catalogue.sources[j].cadence_hours, source: j, sourceId: catalogue.sources[j].id })
  }
  return cells
}

/**
 * How many projects a source covers in this catalogue version. Not its last success: a generated catalogue's cells
 * were written with no run of their source, and a last success is a run's (source-status.ts `lastSuccessOf`).
 */
export function sourceCoverage(catalogue: Catalogue, sourceId: string): { projects: number } {
  const j = catalogue.sources.findIndex((source) => source.id === sourceId)
  return j < 0 ? { projects: 0 } : catalogue.sourceTotals[j]
}

/**
 * The newest date a source's cells of real projects hold, in epoch ms (NaN where it covers none): for the open rating,
 * the newest facts it rated a real project on (`lastSuccessOf`). Read from the catalogue's columns, not the store: a
 * query down the coverage index for the first real project read all 100,000 cells of a generated catalogue, whose
 * projects are none real, and the sources list answered 18 a second.
 */
export function newestRealCell(catalogue: Catalogue, sourceId: string): number {
  const j = catalogue.sources.findIndex((source) => source.id === sourceId)
  let newest = Number.NaN
  if (j < 0) return newest
  const cells = catalogue.coverage[j]
  for (let row = 0; row < cells.length; row++) {
    if (catalogue.synthetic[row] === 1) continue
    const at = cells[row]
    if (!Number.isNaN(at) && !(at <= newest)) newest = at
  }
  return newest
}

/** What a project is, whichever store it was read from: the facts its summary and its candidacy are built from. */
export interface ProjectFacts {
  id: string
  key: string
  name: string
  registry: RegistryCode
  status: ProjectStatus
  scope: string
  type: string
  reductionRemoval: ReductionRemoval
  region: string
  country: string
  vintage: number | null
  credits: { issued: number; retired: number; remaining: number; buffer: number }
  labels: string[]
  coBenefits: string[]
  qualityScore: number | null
  qualityGrade: QualityGrade | null
  synthetic: boolean
}

const nullIfNaN = (value: number) => (Number.isNaN(value) ? null : value)

/** A row's facts, read from the columns. */
export function projectFacts(catalogue: Catalogue, row: number): ProjectFacts {
  return {
    id: catalogue.id[row],
    key: catalogue.key[row],
    name: catalogue.name[row],
    registry: registryOf(catalogue, row),
    status: statusOf(catalogue, row),
    scope: facetValue(catalogue, 'scope', row),
    type: facetValue(catalogue, 'type', row),
    reductionRemoval: catalogue.reductionRemoval[row],
    region: facetValue(catalogue, 'region', row),
    country: facetValue(catalogue, 'country', row),
    vintage: nullIfNaN(catalogue.vintage[row]),
    credits: { issued: catalogue.issued[row], retired: catalogue.retired[row], remaining: catalogue.remaining[row], buffer: catalogue.buffer[row] },
    labels: facetValues(catalogue, 'label', row),
    coBenefits: facetValues(catalogue, 'co_benefit', row),
    qualityScore: nullIfNaN(catalogue.qualityScore[row]),
    qualityGrade: catalogue.qualityGrade[row],
    synthetic: catalogue.synthetic[row] === 1,
  }
}

export interface CatalogueQuote {
  vintage: number | null
  /** The most the quote sells, in tonnes; null for no stated limit. */
  quantity: number | null
  supplier: string | null
  /** Its last day (YYYY-MM-DD), or null. */
  validUntil: string | null
}

/** What a row's price is and rests on: a source's quote, or the reference estimate with its range. */
export interface CataloguePrice {
  value: number
  asOf: Date
  basis: 'quote' | 'estimate'
  low: number | null
  high: number | null
  source: string
  simulated: boolean
  /** A buyer's quote behind the price, when there is one. */
  quote: CatalogueQuote | null
}

const estimateSourceName = 'Credence reference estimate'

export function priceAt(catalogue: Catalogue, row: number): CataloguePrice | null {
  const value = catalogue.price[row]
  if (Number.isNaN(value)) return null
  const j = catalogue.priceSource[row]
  const quoted = j >= 0
  return {
    value,
    asOf: new Date(catalogue.priceAsOf[row]),
    basis: quoted ? 'quote' : 'estimate',
    low: quoted ? null : catalogue.priceLow[row],
    high: quoted ? null : catalogue.priceHigh[row],
    source: quoted ? catalogue.sources[j].name : estimateSourceName,
    // A generated catalogue's quotes come from the simulated market; an estimate is never simulated, only estimated.
    simulated: quoted && !catalogue.quotes.has(row) && catalogue.synthetic[row] === 1,
    quote: catalogue.quotes.get(row) ?? null,
  }
}

/** The row of a project by its key, as Credence or another database spells it (`credenceKey`), in any case; undefined for a key the catalogue does not hold. */
export const rowOfKey = (catalogue: Catalogue, key: string) => catalogue.rowByKey.get(credenceKey(key).toLowerCase())

/** A vintage a row sells and how much of it remains; vintage null: not broken down by any source. */
export interface VintageOnSale {
  vintage: number | null
  remaining: number
}

/** The earliest vintage the k-th sale entry of a row can be: its own, or for credits of no known vintage, the row's first. */
const earliestOfSale = (catalogue: Catalogue, row: number, k: number) => (catalogue.sale.year[k] === 0 ? catalogue.vintage[row] : catalogue.sale.year[k])

/** What a row sells, oldest vintage first; only vintages of `from` or later when given (credits of no known vintage then pass only if the first vintage does). */
export function vintagesOnSale(catalogue: Catalogue, row: number, from: number | null = null): VintageOnSale[] {
  const { starts, year, remaining } = catalogue.sale
  const found: VintageOnSale[] = []
  for (let k = starts[row]; k < starts[row + 1]; k++) {
    if (from !== null && !(earliestOfSale(catalogue, row, k) >= from)) continue
    found.push({ vintage: year[k] === 0 ? null : year[k], remaining: remaining[k] })
  }
  return found
}

/**
 * What a shortlist may buy of a row (of vintages from `from` on, when given): the credits remaining of the vintages
 * it sells, never more than the project's credits remaining nor than a quote behind its price sells.
 */
export function purchasable(catalogue: Catalogue, row: number, from: number | null = null): number {
  const { starts, remaining } = catalogue.sale
  let onSale = 0
  for (let k = starts[row]; k < starts[row + 1]; k++) if (from === null || earliestOfSale(catalogue, row, k) >= from) onSale += remaining[k]
  const quantity = catalogue.quotes.get(row)?.quantity
  return Math.min(onSale, catalogue.remaining[row], quantity == null ? Infinity : Math.floor(quantity))
}

/** The newest vintage a row sells; for credits no source breaks down by vintage, its first vintage; NaN for none. */
export function newestOnSale(catalogue: Catalogue, row: number): number {
  const { starts } = catalogue.sale
  let newest = NaN
  for (let k = starts[row]; k < starts[row + 1]; k++) {
    const vintage = earliestOfSale(catalogue, row, k)
    if (!(vintage <= newest)) newest = vintage
  }
  return newest
}
