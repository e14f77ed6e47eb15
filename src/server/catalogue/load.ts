import { deriveCoBenefits } from '../../api/co-benefits'
import { folded } from '../../lib/folded'
import { facetNames, type FacetName } from '../../api/contract/projects'
import type { RegistryCode } from '../../api/contract/common'
import {
  catalogueCoverage,
  catalogueCreditsSince,
  catalogueCreditYears,
  catalogueProjects,
  catalogueSources,
  catalogueSpotPrices,
  pages,
} from '../db/queries/catalogue'
import type { ScopedDb } from '../db/queries/scoped'
import { estimatePrice, isTradable } from '../pricing/estimate'
import type { Catalogue, CatalogueQuote, FacetColumn } from './catalogue'
import { liveQuotes } from '../db/queries/price-quotes'
import { newestVintage, saleOfRow } from '../pricing/on-sale'
import { remainingByVintage } from './vintages-remaining'
import { sharedListings } from '../db/queries/projects'
import type { QualityGrade, ReductionRemoval } from '../../api/contract/common'

type ProjectFacts = Awaited<ReturnType<typeof catalogueProjects>>[number]

const facetValuesOf: Record<FacetName, (p: ProjectFacts) => readonly string[]> = {
  type: (p) => [p.type],
  scope: (p) => [p.scope],
  region: (p) => [p.region],
  country: (p) => [p.country],
  registry: (p) => [p.registry],
  status: (p) => [p.status],
  label: (p) => p.labels,
  // Read from its type, labels and UN SDGs as its sources give them now, so a registry's listing of SDGs Berkeley's
  // file leaves out (ACR586's) counts, as on its page (`present/project.ts`).
  co_benefit: (p) => deriveCoBenefits(p),
}

/** A facet column filled a project at a time. */
class FacetBuilder {
  private readonly values: string[] = []
  private readonly codeOf = new Map<string, number>()
  private readonly starts: number[] = [0]
  private readonly codes: number[] = []

  add(values: readonly string[]) {
    for (const value of values) {
      let code = this.codeOf.get(value)
      if (code === undefined) {
        code = this.values.push(value) - 1
        this.codeOf.set(value, code)
      }
      this.codes.push(code)
    }
    this.starts.push(this.codes.length)
  }

  build(): FacetColumn {
    return { starts: Int32Array.from(this.starts), codes: Int32Array.from(this.codes), values: this.values, codeOf: this.codeOf }
  }
}

/** A row's values of a facet column. */
const valuesOf = (column: FacetColumn, row: number) => Array.from(column.codes.subarray(column.starts[row], column.starts[row + 1]), (code) => column.values[code])

const nanIfNull = (value: number | null) => (value === null ? NaN : value)

/** The projects' columns, read page by page in key order. */
async function projectColumns(db: ScopedDb) {
  const facets = Object.fromEntries(facetNames.map((name) => [name, new FacetBuilder()])) as Record<FacetName, FacetBuilder>
  const text = { id: [] as string[], key: [] as string[], name: [] as string[], reductionRemoval: [] as ReductionRemoval[], qualityGrade: [] as (QualityGrade | null)[] }
  const numbers = { vintage: [] as number[], issued: [] as number[], retired: [] as number[], remaining: [] as number[], buffer: [] as number[], qualityScore: [] as number[], updatedAt: [] as number[], synthetic: [] as number[] }
  for await (const page of pages<ProjectFacts>((last) => catalogueProjects(db, last?.key ?? null))) {
    for (const p of page) {
      text.id.push(p.id)
      text.key.push(p.key)
      text.name.push(p.name)
      text.reductionRemoval.push(p.reduction_removal)
      text.qualityGrade.push(p.quality_grade)
      numbers.vintage.push(nanIfNull(p.vintage))
      numbers.issued.push(Number(p.issued))
      numbers.retired.push(Number(p.retired))
      numbers.remaining.push(Number(p.remaining))
      numbers.buffer.push(Number(p.buffer))
      numbers.qualityScore.push(nanIfNull(p.quality_score))
      numbers.updatedAt.push(Number(p.updated_ms))
      numbers.synthetic.push(p.synthetic ? 1 : 0)
      for (const name of facetNames) facets[name].add(facetValuesOf[name](p))
    }
  }
  return {
    ...text,
    keyLower: text.key.map((key) => key.toLowerCase()),
    rowByKey: new Map(text.key.map((key, row) => [key.toLowerCase(), row])),
    // Accents folded as a search reads them: "senkoy" finds Şenköy.
    nameLower: text.name.map(folded),
    facets: Object.fromEntries(facetNames.map((name) => [name, facets[name].build()])) as Record<FacetName, FacetColumn>,
    vintage: Float64Array.from(numbers.vintage),
    issued: Float64Array.from(numbers.issued),
    retired: Float64Array.from(numbers.retired),
    remaining: Float64Array.from(numbers.remaining),
    buffer: Float64Array.from(numbers.buffer),
    qualityScore: Float64Array.from(numbers.qualityScore),
    updatedAt: Float64Array.from(numbers.updatedAt),
    synthetic: Uint8Array.from(numbers.synthetic),
  }
}

type CreditRow = Awaited<ReturnType<typeof catalogueCreditYears>>[number]

/** Credits per year by row; rows arrive grouped by project id, which is not key order, so they are placed by row. */
async function creditColumns(db: ScopedDb, rowOf: Map<string, number>, size: number): Promise<Catalogue['credits']> {
  const read: { row: number; year: number; series: [number, number, number, number] }[] = []
  for await (const page of pages<CreditRow>((last) => catalogueCreditYears(db, last))) {
    for (const y of page) {
      const row = rowOf.get(y.project_id)
      if (row === undefined) continue
      read.push({ row, year: y.year, series: [Number(y.issued_by_vintage), Number(y.issued_in_year), Number(y.retired_in_year), Number(y.remaining_by_vintage)] })
    }
  }
  read.sort((a, b) => a.row - b.row || a.year - b.year)
  const starts = new Int32Array(size + 1)
  for (const { row } of read) starts[row + 1]++
  for (let row = 0; row < size; row++) starts[row + 1] += starts[row]
  return {
    starts,
    year: Int32Array.from(read, (y) => y.year),
    issuedByVintage: Float64Array.from(read, (y) => y.series[0]),
    issuedInYear: Float64Array.from(read, (y) => y.series[1]),
    retiredInYear: Float64Array.from(read, (y) => y.series[2]),
    remainingByVintage: Float64Array.from(read, (y) => y.series[3]),
  }
}

/** Every row's vintages on sale, laid out by column. */
function saleColumns(size: number, saleOf: (row: number) => { year: number; remaining: number }[]): Catalogue['sale'] {
  const starts = new Int32Array(size + 1)
  const year: number[] = []
  const remaining: number[] = []
  for (let row = 0; row < size; row++) {
    for (const vintage of saleOf(row)) {
      year.push(vintage.year)
      remaining.push(vintage.remaining)
    }
    starts[row + 1] = year.length
  }
  return { starts, year: Int32Array.from(year), remaining: Float64Array.from(remaining) }
}

/** Each row of a project two registries list, with its other listings' rows (`sharedListings`). */
async function listingsOf(db: ScopedDb, rowOf: ReadonlyMap<string, number>, keys: readonly string[]) {
  const byId = new Map<string, number[]>()
  for (const listing of await sharedListings(db)) {
    const row = rowOf.get(listing.id)
    if (row !== undefined) byId.set(listing.compliance_id, [...(byId.get(listing.compliance_id) ?? []), row])
  }
  const of = new Map<number, number[]>()
  const shared = new Map<number, string>()
  for (const [id, rows] of byId) {
    if (rows.length < 2) continue
    for (const row of rows) {
      of.set(row, rows.filter((other) => other !== row))
      shared.set(row, id)
    }
  }
  return { of, keys, shared }
}

/** Reads one dataset's catalogue through db/, a page at a time, and lays it out by column (see catalogue.ts). */
export async function loadCatalogue(db: ScopedDb): Promise<Catalogue> {
  const sources = (await catalogueSources(db)).map((s) => ({ ...s, registry: s.registry as RegistryCode | null }))
  const sourceIndex = new Map(sources.map((s, i) => [s.id, i]))
  const projects = await projectColumns(db)
  const size = projects.id.length
  const rowOf = new Map<string, number>()
  projects.id.forEach((id, row) => rowOf.set(id, row))
  // The registries' newer records on top of each count: what the browser lists and the shortlist buys from.
  const since: { row: number; vintage: number | null; issued: number; taken: number }[] = []
  const before: { row: number; vintage: number | null; cancelled: number }[] = []
  const sinceTotals = new Map<number, { issued: number; retired: number; buffer: number }>()
  for (const group of await catalogueCreditsSince(db)) {
    const row = rowOf.get(group.project_id)
    if (row === undefined) continue
    if (group.cancelledBefore > 0) before.push({ row, vintage: group.vintage, cancelled: group.cancelledBefore })
    since.push({ row, vintage: group.vintage, issued: group.issued, taken: group.retired })
    const total = sinceTotals.get(row) ?? { issued: 0, retired: 0, buffer: 0 }
    total.issued += group.issued
    total.retired += group.retired
    total.buffer += group.buffer
    sinceTotals.set(row, total)
  }
  // Berkeley's own count, before the records: the totals its per-vintage blocks are read beside.
  const counted = { issued: projects.issued.slice(), remaining: projects.remaining.slice() }
  for (const [row, total] of sinceTotals) {
    // Whole credits, as the contract counts them (Isometric's records carry fractions of a tonne).
    projects.issued[row] += Math.round(total.issued)
    projects.retired[row] += Math.round(total.retired)
    projects.remaining[row] += Math.round(total.issued) - Math.round(total.retired)
    projects.buffer[row] += Math.round(total.buffer)
  }
  // A registry's new listing states no first vintage, and no count issues it any: the oldest its records issue is its
  // first, as its page says (present/project.ts), so the browser's first-vintage filter finds it (CCB10, vintages 2018
  // to 2022, was left out).
  const readFromRecords = Array.from(projects.vintage, (vintage, row) => Number.isNaN(vintage) && counted.issued[row] === 0)
  for (const { row, vintage, issued } of since) {
    if (!readFromRecords[row] || vintage === null || !(issued > 0)) continue
    if (!(projects.vintage[row] <= vintage)) projects.vintage[row] = vintage
  }
  const credits = await creditColumns(db, rowOf, size)
  const listings = await listingsOf(db, rowOf, projects.key)
  const { vintages, takenBeforeCount } = remainingByVintage(size, credits, counted, since, before, listings)
  // Cancellations dated before a count that its vintages do not hold are taken, as a project's page takes them.
  for (let row = 0; row < size; row++) {
    const taken = Math.round(takenBeforeCount[row])
    projects.retired[row] += taken
    projects.remaining[row] -= taken
  }
  // What the catalogue lists and sells is never below none, where a count or the records took more than was issued.
  for (let row = 0; row < size; row++) if (projects.remaining[row] < 0) projects.remaining[row] = 0

  const coverage = sources.map(() => new Float64Array(size).fill(NaN))
  const sourceTotals = sources.map(() => ({ projects: 0 }))
  for await (const page of pages<Awaited<ReturnType<typeof catalogueCoverage>>[number]>((last) => catalogueCoverage(db, last))) {
    for (const cell of page) {
      const row = rowOf.get(cell.project_id)
      const j = sourceIndex.get(cell.source_id)
      if (row === undefined || j === undefined) continue
      const updated = Number(cell.updated_ms)
      coverage[j][row] = updated
      sourceTotals[j].projects++
    }
  }

  const price = new Float64Array(size).fill(NaN)
  const priceAsOf = new Float64Array(size).fill(NaN)
  const priceSource = new Int32Array(size).fill(-1)
  for await (const page of pages<Awaited<ReturnType<typeof catalogueSpotPrices>>[number]>((last) => catalogueSpotPrices(db, last?.project_id ?? null))) {
    for (const quote of page) {
      const row = rowOf.get(quote.project_id)
      if (row === undefined) continue
      price[row] = quote.value
      priceAsOf[row] = Number(quote.as_of_ms)
      priceSource[row] = sourceIndex.get(quote.source_id) ?? -1
    }
  }
  // A buyer's live quote prices its project over any other: the cheapest that still holds today.
  const quotes = new Map<number, CatalogueQuote>()
  const today = new Date().toISOString().slice(0, 10)
  let expiresAtMs = Infinity
  for (const quote of await liveQuotes(db, today)) {
    const row = rowOf.get(quote.project_id)
    if (row === undefined) continue
    price[row] = quote.price_usd
    priceAsOf[row] = Number(quote.quoted_ms)
    priceSource[row] = sourceIndex.get(quote.source_id) ?? -1
    quotes.set(row, { vintage: quote.vintage, quantity: quote.quantity, supplier: quote.supplier, validUntil: quote.valid_until })
    // The catalogue is read again once a quote it counts has lapsed (the day after its last).
    if (quote.valid_until) expiresAtMs = Math.min(expiresAtMs, Date.parse(`${quote.valid_until}T00:00:00Z`) + 86_400_000)
  }
  // Every tradable project without a quote is priced by the open reference estimate, dated by the facts it reads.
  const priceLow = new Float64Array(size).fill(NaN)
  const priceHigh = new Float64Array(size).fill(NaN)
  for (let row = 0; row < size; row++) {
    if (!Number.isNaN(price[row]) || !isTradable({ status: valuesOf(projects.facets.status, row)[0], issued: projects.issued[row] })) continue
    // The estimate prices what is for sale: the newest vintage left, else (no breakdown) the first vintage.
    const estimate = estimatePrice({
      type: valuesOf(projects.facets.type, row)[0],
      vintage: newestVintage(vintages[row]) ?? (Number.isNaN(projects.vintage[row]) ? null : projects.vintage[row]),
      labels: valuesOf(projects.facets.label, row),
    })
    price[row] = estimate.value
    priceLow[row] = estimate.low
    priceHigh[row] = estimate.high
    priceAsOf[row] = projects.updatedAt[row]
  }
  const sale = saleColumns(size, (row) =>
    Number.isNaN(price[row])
      ? []
      : saleOfRow(vintages[row], projects.remaining[row], {
          basis: priceSource[row] < 0 ? 'estimate' : quotes.has(row) ? 'quote' : 'market',
          quote: quotes.get(row) ?? null,
        }),
  )

  return {
    size,
    sources,
    rowOf,
    ...projects,
    coverage,
    sourceTotals,
    price,
    priceAsOf,
    priceSource,
    priceLow,
    priceHigh,
    quotes,
    expiresAtMs,
    sale,
    credits,
    sharedListing: listings.shared,
  }
}
