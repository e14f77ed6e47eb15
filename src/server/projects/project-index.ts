import type { Kysely } from 'kysely'
import {
  facetNames,
  type FacetName,
  type FacetValue,
  type ProjectFacets,
  type ProjectFilters,
  type ProjectListQuery,
  type ProjectSortKey,
  type ProjectSummary,
} from '../../api/contract/projects'
import { coverageOf } from '../db/queries/projects'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset, ProjectRow } from '../db/schema'
import { toProjectSummary } from '../present/project'
import type { DatasetVersions } from '../deps'
import { VersionedCache } from '../db/versioned-cache'
import type { BriefVocabulary } from './vocabulary'

/**
 * The project browser from memory: which projects a filter leaves, in which order, and the facet counts.
 * Every filter change in the browser asks for a page and for the counts; in SQL, the filtered count, the
 * sort and eight GROUP BYs over the whole table cost tens of milliseconds at 10,000 projects and hundreds at
 * 100,000. Every project with its coverage, read once per dataset version, answers in a few, and a page's
 * freshness is still computed at the time of the request. Facet values are numbered per facet, so filtering
 * is a lookup in a mask and counting an increment in an array, with no string hashed per project.
 */
interface IndexRow {
  project: ProjectRow
  /** When each covering source last updated the project, for its freshness at the time of a request. */
  cells: { last_success_at: Date; cadence_hours: number }[]
}

/**
 * What the filters read, by column, in flat arrays: a pass over 100,000 projects then reads memory in order
 * instead of following a pointer or three per project (which cost it several times more).
 */
interface ProjectIndex {
  rows: IndexRow[]
  /** Key and name, lower-cased, for the text search. */
  search: string[][]
  /** NaN for a project without a vintage. */
  vintage: Float64Array
  /** Per facet: the project's value codes are codes[starts[row]] up to codes[starts[row + 1]]. */
  starts: Int32Array[]
  codes: Int32Array[]
  /** Per facet: its values, by code. */
  values: string[][]
  /** Per facet: the code of each value. */
  codeOf: Map<string, number>[]
}

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

const facetValuesOf = (p: ProjectRow): Record<FacetName, readonly string[]> => ({
  type: [p.type],
  scope: [p.scope],
  region: [p.region],
  country: [p.country],
  registry: [p.registry],
  status: [p.status],
  label: p.labels,
  co_benefit: p.co_benefits,
})

async function load(db: Kysely<Database>, dataset: Dataset): Promise<ProjectIndex> {
  const [projects, cells] = await Promise.all([scoped(db, dataset).selectFrom('projects').selectAll().execute(), coverageOf(scoped(db, dataset))])
  const cellsOf = new Map<string, IndexRow['cells']>()
  for (const { project_id, ...cell } of cells) {
    const list = cellsOf.get(project_id)
    if (list) list.push(cell)
    else cellsOf.set(project_id, [cell])
  }
  const values = facetNames.map((): string[] => [])
  const codeOf = facetNames.map(() => new Map<string, number>())
  const code = (facet: number, value: string) => {
    let known = codeOf[facet].get(value)
    if (known === undefined) {
      known = values[facet].push(value) - 1
      codeOf[facet].set(value, known)
    }
    return known
  }
  const starts = facetNames.map(() => new Int32Array(projects.length + 1))
  const codes = facetNames.map((): number[] => [])
  projects.forEach((project, row) => {
    const facets = facetValuesOf(project)
    facetNames.forEach((name, facet) => {
      for (const value of facets[name]) codes[facet].push(code(facet, value))
      starts[facet][row + 1] = codes[facet].length
    })
  })
  return {
    rows: projects.map((project) => ({ project, cells: cellsOf.get(project.id) ?? [] })),
    search: projects.map((project) => [project.key.toLowerCase(), project.name.toLowerCase()]),
    vintage: Float64Array.from(projects, (project) => project.vintage ?? NaN),
    starts,
    codes: codes.map((list) => Int32Array.from(list)),
    values,
    codeOf,
  }
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
function sortedPositions(rows: IndexRow[], sort: string): Int32Array {
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
function pageOf(index: ProjectIndex, order: Int32Array, query: ProjectListQuery): { page: IndexRow[]; total: number } {
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

/** A dataset version's index, with what is derived from it when first asked for. */
interface IndexVersion {
  index: ProjectIndex
  /** Sorted positions by sort parameter. */
  orders: Map<string, Int32Array>
  vocabulary?: BriefVocabulary
}

export class ProjectIndexes {
  private readonly versions: VersionedCache<IndexVersion>
  constructor(db: Kysely<Database>, versions: DatasetVersions) {
    this.versions = new VersionedCache(versions, async (dataset) => ({ index: await load(db, dataset), orders: new Map() }))
  }

  /** Reads the index of these datasets now, in the background, so the browser's first visitor does not wait for it. */
  warm(datasets: readonly Dataset[]) {
    for (const dataset of datasets) this.versions.get(dataset).catch(() => undefined)
  }

  /** One page of the list, in order, as of `now`, and the filtered total. */
  async page(dataset: Dataset, query: ProjectListQuery, now: Date): Promise<{ data: ProjectSummary[]; total: number }> {
    const current = await this.versions.get(dataset)
    let order = current.orders.get(query.sort)
    if (!order) {
      order = sortedPositions(current.index.rows, query.sort)
      current.orders.set(query.sort, order)
    }
    const { page, total } = pageOf(current.index, order, query)
    return { data: page.map((row) => toProjectSummary(row.project, row.cells, now)), total }
  }

  async facets(dataset: Dataset, filters: ProjectFilters) {
    return countFacets((await this.versions.get(dataset)).index, filters)
  }

  /** Every type and region some project has, to check a brief against without a query. */
  async vocabulary(dataset: Dataset): Promise<BriefVocabulary> {
    const current = await this.versions.get(dataset)
    current.vocabulary ??= {
      type: new Set(current.index.values[facetNames.indexOf('type')]),
      region: new Set(current.index.values[facetNames.indexOf('region')]),
    }
    return current.vocabulary
  }
}
