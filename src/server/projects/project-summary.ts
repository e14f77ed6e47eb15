import type { QualityGrade } from '../../api/contract/common'
import type { ProjectSummary } from '../../api/contract/projects'
import { cellsOf, facetValueOf, type Catalogue, type FacetColumn } from '../catalogue/catalogue'
import { projectFreshness } from '../catalogue/freshness'

const valuesOf = (column: FacetColumn, row: number) => {
  const values: string[] = []
  for (let k = column.starts[row]; k < column.starts[row + 1]; k++) values.push(column.values[column.codes[k]])
  return values
}

/** A project of the list, from the catalogue's columns, its freshness as of `nowMs`. */
export function summaryOf(catalogue: Catalogue, row: number, nowMs: number): ProjectSummary {
  const { facets } = catalogue
  const score = catalogue.qualityScore[row]
  return {
    id: catalogue.id[row],
    key: catalogue.key[row],
    name: catalogue.name[row],
    registry: facetValueOf(facets.registry, row) as ProjectSummary['registry'],
    status: facetValueOf(facets.status, row) as ProjectSummary['status'],
    scope: facetValueOf(facets.scope, row),
    type: facetValueOf(facets.type, row),
    reduction_removal: catalogue.reductionRemoval[row] as ProjectSummary['reduction_removal'],
    region: facetValueOf(facets.region, row),
    country: facetValueOf(facets.country, row),
    vintage: Number.isNaN(catalogue.vintage[row]) ? null : catalogue.vintage[row],
    credits: {
      issued: catalogue.issued[row],
      retired: catalogue.retired[row],
      remaining: catalogue.remaining[row],
      buffer: catalogue.buffer[row],
    },
    labels: valuesOf(facets.label, row),
    co_benefits: valuesOf(facets.co_benefit, row),
    quality: {
      score: Number.isNaN(score) ? null : Math.round(score * 10) / 10,
      grade: catalogue.qualityGrade[row] as QualityGrade | null,
    },
    freshness: projectFreshness(cellsOf(catalogue, row), nowMs),
    synthetic: catalogue.synthetic[row] === 1,
  }
}
