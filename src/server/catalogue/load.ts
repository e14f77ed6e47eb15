import { facetNames, type FacetName } from '../../api/contract/projects'
import type { RegistryCode } from '../../api/contract/common'
import {
  catalogueCreditYears,
  catalogueProjects,
  catalogueSources,
  catalogueSpotPrices,
  coverageOfSource,
} from '../db/queries/catalogue'
import type { ScopedDb } from '../db/queries/scoped'
import type { Catalogue, FacetColumn } from './catalogue'

type ProjectFacts = Awaited<ReturnType<typeof catalogueProjects>>[number]

const facetValuesOf: Record<FacetName, (p: ProjectFacts) => readonly string[]> = {
  type: (p) => [p.type],
  scope: (p) => [p.scope],
  region: (p) => [p.region],
  country: (p) => [p.country],
  registry: (p) => [p.registry],
  status: (p) => [p.status],
  label: (p) => p.labels,
  co_benefit: (p) => p.co_benefits,
}

function facetColumn(projects: ProjectFacts[], valuesOf: (p: ProjectFacts) => readonly string[]): FacetColumn {
  const values: string[] = []
  const codeOf = new Map<string, number>()
  const starts = new Int32Array(projects.length + 1)
  const codes: number[] = []
  projects.forEach((project, row) => {
    for (const value of valuesOf(project)) {
      let code = codeOf.get(value)
      if (code === undefined) {
        code = values.push(value) - 1
        codeOf.set(value, code)
      }
      codes.push(code)
    }
    starts[row + 1] = codes.length
  })
  return { starts, codes: Int32Array.from(codes), values, codeOf }
}

const nanIfNull = (value: number | null) => (value === null ? NaN : value)

/** Reads one dataset's catalogue through db/ and lays it out by column (see catalogue.ts). */
export async function loadCatalogue(db: ScopedDb): Promise<Catalogue> {
  const sources = (await catalogueSources(db)).map((s) => ({ ...s, registry: s.registry as RegistryCode | null }))
  const projects = await catalogueProjects(db)
  const size = projects.length
  const rowOf = new Map<string, number>()
  projects.forEach((p, row) => rowOf.set(p.id, row))

  const coverage: Float64Array[] = []
  const sourceTotals: Catalogue['sourceTotals'] = []
  for (const source of sources) {
    const column = new Float64Array(size).fill(NaN)
    let covered = 0
    let latest = NaN
    for (const cell of await coverageOfSource(db, source.id)) {
      const row = rowOf.get(cell.project_id)
      if (row === undefined) continue
      column[row] = Number(cell.updated_ms)
      covered++
      if (!(column[row] <= latest)) latest = column[row]
    }
    coverage.push(column)
    sourceTotals.push({ projects: covered, lastSuccessMs: latest })
  }

  const price = new Float64Array(size).fill(NaN)
  const priceAsOf = new Float64Array(size).fill(NaN)
  const priceSource = new Int32Array(size).fill(-1)
  const sourceIndex = new Map(sources.map((s, i) => [s.id, i]))
  for (const quote of await catalogueSpotPrices(db)) {
    const row = rowOf.get(quote.project_id)
    if (row === undefined) continue
    price[row] = quote.value
    priceAsOf[row] = Number(quote.as_of_ms)
    priceSource[row] = sourceIndex.get(quote.source_id) ?? -1
  }

  const years = await catalogueCreditYears(db)
  const byRow = years.map((y, i) => ({ row: rowOf.get(y.project_id) ?? -1, i })).filter((y) => y.row >= 0)
  byRow.sort((a, b) => a.row - b.row || years[a.i].year - years[b.i].year)
  const credits: Catalogue['credits'] = {
    starts: new Int32Array(size + 1),
    year: new Int32Array(byRow.length),
    issuedByVintage: new Float64Array(byRow.length),
    issuedInYear: new Float64Array(byRow.length),
    retiredInYear: new Float64Array(byRow.length),
    retiredByVintage: new Float64Array(byRow.length),
  }
  byRow.forEach(({ row, i }, k) => {
    const y = years[i]
    credits.starts[row + 1]++
    credits.year[k] = y.year
    credits.issuedByVintage[k] = Number(y.issued_by_vintage)
    credits.issuedInYear[k] = Number(y.issued_in_year)
    credits.retiredInYear[k] = Number(y.retired_in_year)
    credits.retiredByVintage[k] = Number(y.retired_by_vintage)
  })
  for (let row = 0; row < size; row++) credits.starts[row + 1] += credits.starts[row]

  return {
    size,
    sources,
    rowOf,
    id: projects.map((p) => p.id),
    key: projects.map((p) => p.key),
    name: projects.map((p) => p.name),
    keyLower: projects.map((p) => p.key.toLowerCase()),
    nameLower: projects.map((p) => p.name.toLowerCase()),
    facets: Object.fromEntries(facetNames.map((name) => [name, facetColumn(projects, facetValuesOf[name])])) as Record<FacetName, FacetColumn>,
    reductionRemoval: projects.map((p) => p.reduction_removal),
    vintage: Float64Array.from(projects, (p) => nanIfNull(p.vintage)),
    issued: Float64Array.from(projects, (p) => Number(p.issued)),
    retired: Float64Array.from(projects, (p) => Number(p.retired)),
    remaining: Float64Array.from(projects, (p) => Number(p.remaining)),
    buffer: Float64Array.from(projects, (p) => Number(p.buffer)),
    qualityScore: Float64Array.from(projects, (p) => nanIfNull(p.quality_score)),
    qualityGrade: projects.map((p) => p.quality_grade),
    updatedAt: Float64Array.from(projects, (p) => Number(p.updated_ms)),
    synthetic: Uint8Array.from(projects, (p) => (p.synthetic ? 1 : 0)),
    coverage,
    sourceTotals,
    price,
    priceAsOf,
    priceSource,
    credits,
  }
}
