import {
  facetNames,
  type FacetName,
  type FacetValue,
  type ProjectFacets,
  type ProjectFilters,
  type ProjectListQuery,
  type ProjectSortKey,
} from '../../api/contract/projects'
import { keyOrderOf } from '../catalogue/key-order'
import { codeOfFacetValue, countCodes, facetSize, facetValue, facetVocabulary, hasAnyCode, type Catalogue } from '../catalogue/catalogue'
import { coBenefitLabel, regionLabel } from '../../api/value-labels'
import { folded } from '../../lib/folded'

/**
 * Filtering, ordering, paging and counting over the catalogue: the meaning of the list's and the facets'
 * filters and sorts, in one place. Facet values are numbered per facet, so filtering is a lookup in a mask and
 * counting an increment in an array, with no string hashed per project.
 */

const facetSort = (facet: FacetName) => (c: Catalogue, row: number) => facetValue(c, facet, row)
const nullIfNaN = (value: number) => (Number.isNaN(value) ? null : value)


/**
 * A name as a reader orders names: case and accents set aside, and the quotes or punctuation some names open with
 * ("Şenköy" among the S, "“Mata Verde” REDD+" among the M), where code units put them after Z or before A.
 */
export const nameOrder = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, '')

const sortValue: Record<ProjectSortKey, (c: Catalogue, row: number) => string | number | null> = {
  // The place `keyOrderOf` works out once per catalogue, rather than each key written out again per sort.
  key: (c, row) => keyOrderOf(c).ranks[row],
  name: (c, row) => nameOrder(c.name[row]),
  registry: facetSort('registry'),
  status: facetSort('status'),
  type: facetSort('type'),
  scope: facetSort('scope'),
  region: facetSort('region'),
  country: facetSort('country'),
  vintage: (c, row) => nullIfNaN(c.vintage[row]),
  credits_remaining: (c, row) => c.remaining[row],
  credits_issued: (c, row) => c.issued[row],
  quality_score: (c, row) => nullIfNaN(c.qualityScore[row]),
  updated_at: (c, row) => c.updatedAt[row],
}

/** A query's filters, ready to test rows against. */
export interface CompiledFilters {
  /**
   * The words of the text searched: each is to be in the project's key or name, in any order ("delagua rwanda" finds
   * "DelAgua Clean Cooking Grouped Project in Rwanda"); `keyText` is them written together, for a key typed with a
   * hyphen ("VCS-1974"), which the words alone would not find. Both undefined when nothing is searched.
   */
  words: string[] | undefined
  keyText: string | undefined
  vintageMin: number | undefined
  /** The facets filtered on, each with a mask over its codes: 1 for a value asked for. */
  facets: { facet: number; wanted: Uint8Array }[]
}

export function compileFilters(catalogue: Catalogue, filters: ProjectFilters): CompiledFilters {
  const facets: CompiledFilters['facets'] = []
  facetNames.forEach((name, facet) => {
    const asked = filters[name]
    if (!asked?.length) return
    const wanted = new Uint8Array(facetSize(catalogue, name))
    for (const value of asked) {
      const known = codeOfFacetValue(catalogue, name, value)
      if (known !== undefined) wanted[known] = 1
    }
    facets.push({ facet, wanted })
  })
  // Folded as the names are (`nameLower`): "Energia" finds "Energía".
  const text = filters.q ? folded(filters.q.trim()) || undefined : undefined
  return { words: text?.split(/\s+/), keyText: text?.replace(/[\s-]+/g, ''), vintageMin: filters.vintage_min, facets }
}

/** Whether a project passes the text and minimum vintage filters, which every facet shares. */
function passesTextAndVintage(catalogue: Catalogue, row: number, filters: CompiledFilters): boolean {
  if (filters.words && !catalogue.keyLower[row].includes(filters.keyText!) && !filters.words.every((word) => catalogue.keyLower[row].includes(word) || catalogue.nameLower[row].includes(word))) return false
  // A project without a vintage (NaN) fails any minimum.
  return filters.vintageMin === undefined || catalogue.vintage[row] >= filters.vintageMin
}

/** Whether the project has any of the wanted values of the facet (numbered in facetNames order). */
const hasAny = (catalogue: Catalogue, facet: number, row: number, wanted: Uint8Array) => hasAnyCode(catalogue, facetNames[facet], row, wanted)

/** Whether a row passes every filter. */
export function matches(catalogue: Catalogue, row: number, filters: CompiledFilters): boolean {
  if (!passesTextAndVintage(catalogue, row, filters)) return false
  for (const { facet, wanted } of filters.facets) if (!hasAny(catalogue, facet, row, wanted)) return false
  return true
}

/**
 * Positions of the rows in `sort` order: nulls last whichever the direction, then the key, so the same input
 * always gives the same order. Keys and names compare as a reader orders them (`keyOrder`, `nameOrder`), ties too:
 * by code unit, projects of one grade read GS1000, GS1005, GS10312, GS1032; other texts (the vocabulary's types,
 * regions, statuses) by code unit.
 */
export function sortedPositions(catalogue: Catalogue, sort: string): Int32Array {
  const descending = sort.startsWith('-')
  const valueOf = sortValue[sort.replace(/^-/, '') as ProjectSortKey]
  const values = Array.from({ length: catalogue.size }, (_, row) => valueOf(catalogue, row))
  const { ranks } = keyOrderOf(catalogue)
  return Int32Array.from(values, (_, i) => i).sort((a, b) => {
    const x = values[a]
    const y = values[b]
    if (x !== y) {
      if (x === null) return 1
      if (y === null) return -1
      return (x < y) === descending ? 1 : -1
    }
    return ranks[a] - ranks[b]
  })
}

/**
 * Rows of one page of the filtered projects, in order, and how many there are in all. A project whose key is the text
 * searched comes first, whatever the sort: "VCS191" sorted by quality listed VCS1910 to VCS1915 above VCS191 itself.
 */
export function pageOf(catalogue: Catalogue, order: Int32Array, query: ProjectListQuery): { rows: number[]; total: number } {
  const filters = compileFilters(catalogue, query)
  const start = (query.page - 1) * query.per_page
  const rows: number[] = []
  let total = 0
  const take = (row: number) => {
    if (total >= start && rows.length < query.per_page) rows.push(row)
    total++
  }
  const named = filters.keyText === undefined ? undefined : catalogue.rowByKey.get(filters.keyText)
  const first = named !== undefined && matches(catalogue, named, filters) ? named : -1
  if (first >= 0) take(first)
  for (const row of order) if (row !== first && matches(catalogue, row, filters)) take(row)
  return { rows, total }
}

export function countFacets(catalogue: Catalogue, query: ProjectFilters): Omit<ProjectFacets, 'object'> {
  const filters = compileFilters(catalogue, query)
  const counts = facetNames.map((name) => new Int32Array(facetSize(catalogue, name)))
  let total = 0
  let min: number | null = null
  let max: number | null = null
  for (let row = 0; row < catalogue.size; row++) {
    if (!passesTextAndVintage(catalogue, row, filters)) continue
    // Which facet filters this project fails: it counts for a facet when it fails none, or only that one.
    let failed = -1
    let failures = 0
    for (const { facet, wanted } of filters.facets) {
      if (!hasAny(catalogue, facet, row, wanted)) {
        failures++
        failed = facet
      }
    }
    if (failures > 1) continue
    for (let facet = 0; facet < facetNames.length; facet++) {
      if (failures === 1 && failed !== facet) continue
      countCodes(catalogue, facetNames[facet], row, counts[facet])
    }
    if (failures === 0) {
      total++
      const vintage = catalogue.vintage[row]
      if (!Number.isNaN(vintage)) {
        min = min === null ? vintage : Math.min(min, vintage)
        max = max === null ? vintage : Math.max(max, vintage)
      }
    }
  }
  const ordered = (facet: number): FacetValue[] =>
    facetVocabulary(catalogue, facetNames[facet])
      .map((value, code) => labelled(facetNames[facet], value, counts[facet][code]))
      .filter((value) => value.count > 0)
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  return {
    total,
    vintage: { min, max },
    facets: Object.fromEntries(facetNames.map((name, facet) => [name, ordered(facet)])) as Record<FacetName, FacetValue[]>,
  }
}

/**
 * A facet's value with how many projects carry it, and how it reads where that is not the value itself: a client
 * shows a co-benefit or a region by the API's word for it, without a table of its own (the brief form's 17 goals'
 * titles would take the home route's JavaScript past its budget).
 */
function labelled(facet: FacetName, value: string, count: number): FacetValue {
  const label = facet === 'co_benefit' ? coBenefitLabel(value) : facet === 'region' ? regionLabel(value) : value
  return label === value ? { value, count } : { value, count, label }
}
