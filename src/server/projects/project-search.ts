import {
  facetNames,
  type FacetName,
  type FacetValue,
  type ProjectFacets,
  type ProjectFilters,
  type ProjectListQuery,
  type ProjectSortKey,
} from '../../api/contract/projects'
import type { ProjectRow } from '../db/schema'
import type { IndexRow, ProjectIndex } from './project-index'

/**
 * Filtering, ordering, paging and counting over the project index (project-index.ts): the meaning of the
 * list's and the facets' filters and sorts, in one place.
 */

const sortValue: Record<ProjectSortKey, (project: ProjectRow) => string | number | null> = {
  key: (p) => p.key,
  name: (p) => p.name,
  registry: (p) => p.registry,
  status: (p) => p.status,
  type: (p) => p.type,
  scope: (p) => p.scope,
  region: (p) => p.region,
  country: (p) => p.country,
  vintage: (p) => p.vintage,
  credits_remaining: (p) => Number(p.remaining),
  credits_issued: (p) => Number(p.issued),
  quality_score: (p) => p.quality_score,
  updated_at: (p) => new Date(p.updated_at).getTime(),
}

/** A query's filters, ready to test projects against. */
interface CompiledFilters {
  text: string | undefined
  vintageMin: number | undefined
  /** The facets filtered on, each with a mask over its codes: 1 for a value asked for. */
  facets: { facet: number; wanted: Uint8Array }[]
}

function compile(index: ProjectIndex, filters: ProjectFilters): CompiledFilters {
  const facets: CompiledFilters['facets'] = []
  facetNames.forEach((name, facet) => {
    const asked = filters[name]
    if (!asked?.length) return
    const wanted = new Uint8Array(index.values[facet].length)
    for (const value of asked) {
      const known = index.codeOf[facet].get(value)
      if (known !== undefined) wanted[known] = 1
    }
    facets.push({ facet, wanted })
  })
  return { text: filters.q?.trim().toLowerCase() || undefined, vintageMin: filters.vintage_min, facets }
}

/** Whether a project passes the text and minimum vintage filters, which every facet shares. */
function passesTextAndVintage(index: ProjectIndex, row: number, filters: CompiledFilters): boolean {
  if (filters.text && !index.search[row].some((field) => field.includes(filters.text!))) return false
  // A project without a vintage (NaN) fails any minimum.
  return filters.vintageMin === undefined || index.vintage[row] >= filters.vintageMin
}

/** Whether the project has any of the wanted values of the facet. */
function hasAny(index: ProjectIndex, facet: number, row: number, wanted: Uint8Array): boolean {
  const codes = index.codes[facet]
  for (let k = index.starts[facet][row]; k < index.starts[facet][row + 1]; k++) if (wanted[codes[k]]) return true
  return false
}

/**
 * Positions of the rows in `sort` order: nulls last whichever the direction, then the key, so the same input
 * always gives the same order. Strings compare by code unit, as the database's C collation does.
 */
export function sortedPositions(rows: IndexRow[], sort: string): Int32Array {
  const descending = sort.startsWith('-')
  const valueOf = sortValue[sort.replace(/^-/, '') as ProjectSortKey]
  const values = rows.map((row) => valueOf(row.project))
  const keys = rows.map((row) => row.project.key)
  return Int32Array.from(rows, (_, i) => i).sort((a, b) => {
    const x = values[a]
    const y = values[b]
    if (x !== y) {
      if (x === null) return 1
      if (y === null) return -1
      return (x < y) === descending ? 1 : -1
    }
    return keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0
  })
}

/** One page of the filtered projects, in order, and how many there are in all. */
export function pageOf(index: ProjectIndex, order: Int32Array, query: ProjectListQuery): { page: IndexRow[]; total: number } {
  const filters = compile(index, query)
  const start = (query.page - 1) * query.per_page
  const page: IndexRow[] = []
  let total = 0
  next: for (const row of order) {
    if (!passesTextAndVintage(index, row, filters)) continue
    for (const { facet, wanted } of filters.facets) if (!hasAny(index, facet, row, wanted)) continue next
    if (total >= start && page.length < query.per_page) page.push(index.rows[row])
    total++
  }
  return { page, total }
}

export function countFacets(index: ProjectIndex, query: ProjectFilters): Omit<ProjectFacets, 'object'> {
  const filters = compile(index, query)
  const counts = index.values.map((values) => new Int32Array(values.length))
  let total = 0
  let min: number | null = null
  let max: number | null = null
  for (let row = 0; row < index.rows.length; row++) {
    if (!passesTextAndVintage(index, row, filters)) continue
    // Which facet filters this project fails: it counts for a facet when it fails none, or only that one.
    let failed = -1
    let failures = 0
    for (const { facet, wanted } of filters.facets) {
      if (!hasAny(index, facet, row, wanted)) {
        failures++
        failed = facet
      }
    }
    if (failures > 1) continue
    for (let facet = 0; facet < facetNames.length; facet++) {
      if (failures === 1 && failed !== facet) continue
      const codes = index.codes[facet]
      for (let k = index.starts[facet][row]; k < index.starts[facet][row + 1]; k++) counts[facet][codes[k]]++
    }
    if (failures === 0) {
      total++
      const vintage = index.vintage[row]
      if (!Number.isNaN(vintage)) {
        min = min === null ? vintage : Math.min(min, vintage)
        max = max === null ? vintage : Math.max(max, vintage)
      }
    }
  }
  const ordered = (facet: number): FacetValue[] =>
    index.values[facet]
      .map((value, code) => ({ value, count: counts[facet][code] }))
      .filter((value) => value.count > 0)
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  return {
    total,
    vintage: { min, max },
    facets: Object.fromEntries(facetNames.map((name, facet) => [name, ordered(facet)])) as Record<FacetName, FacetValue[]>,
  }
}

