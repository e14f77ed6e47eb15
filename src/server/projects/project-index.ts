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
import type { BriefVocabulary } from './vocabulary'

/**
 * The project browser from memory: which projects a filter leaves, in which order, and the facet counts.
 * Every filter change in the browser asks for a page and for the counts; in SQL, the filtered count, the
 * sort and eight GROUP BYs over the whole table cost tens of milliseconds at 10,000 projects and hundreds at
 * 100,000. Every project with its coverage, read once per dataset version, answers in a few, and a page's
 * freshness is still computed at the time of the request.
 */
interface IndexRow {
  project: ProjectRow
  /** When each covering source last updated the project, for its freshness at the time of a request. */
  cells: { last_success_at: Date; cadence_hours: number }[]
  key: string
  search: string[]
  vintage: number | null
  values: Record<FacetName, readonly string[]>
  sort: Record<ProjectSortKey, string | number | null>
}

async function load(db: Kysely<Database>, dataset: Dataset): Promise<IndexRow[]> {
  const [rows, cells] = await Promise.all([scoped(db, dataset).selectFrom('projects').selectAll().execute(), coverageOf(scoped(db, dataset))])
  const cellsOf = new Map<string, IndexRow['cells']>()
  for (const { project_id, ...cell } of cells) {
    const list = cellsOf.get(project_id)
    if (list) list.push(cell)
    else cellsOf.set(project_id, [cell])
  }
  return rows.map((r) => ({
    project: r,
    cells: cellsOf.get(r.id) ?? [],
    key: r.key,
    search: [r.key.toLowerCase(), r.name.toLowerCase()],
    vintage: r.vintage,
    values: {
      type: [r.type],
      scope: [r.scope],
      region: [r.region],
      country: [r.country],
      registry: [r.registry],
      status: [r.status],
      label: r.labels,
      co_benefit: r.co_benefits,
    },
    sort: {
      key: r.key,
      name: r.name,
      registry: r.registry,
      status: r.status,
      type: r.type,
      scope: r.scope,
      region: r.region,
      country: r.country,
      vintage: r.vintage,
      credits_remaining: Number(r.remaining),
      credits_issued: Number(r.issued),
      quality_score: r.quality_score,
      updated_at: new Date(r.updated_at).getTime(),
    },
  }))
}

/** The text and minimum vintage filters, which every facet shares. */
function passesTextAndVintage(row: IndexRow, text: string | undefined, vintageMin: number | undefined): boolean {
  if (text && !row.search.some((field) => field.includes(text))) return false
  return vintageMin === undefined || (row.vintage !== null && row.vintage >= vintageMin)
}

const wantedSets = (filters: ProjectFilters) => facetNames.map((name) => (filters[name]?.length ? new Set<string>(filters[name]) : null))

/**
 * Positions of the rows in `sort` order: nulls last whichever the direction, then the key, so the same input
 * always gives the same order. Strings compare by code unit, as the database's C collation does.
 */
function sortedPositions(rows: IndexRow[], sort: string): Int32Array {
  const descending = sort.startsWith('-')
  const column = sort.replace(/^-/, '') as ProjectSortKey
  const byKey = (a: number, b: number) => (rows[a].key < rows[b].key ? -1 : rows[a].key > rows[b].key ? 1 : 0)
  return Int32Array.from(rows, (_, i) => i).sort((a, b) => {
    const x = rows[a].sort[column]
    const y = rows[b].sort[column]
    if (x === null || y === null) return x === y ? byKey(a, b) : x === null ? 1 : -1
    const order = x < y ? -1 : x > y ? 1 : 0
    return (descending ? -order : order) || byKey(a, b)
  })
}

/** One page of the filtered projects, in order, and how many there are in all. */
function pageOf(rows: IndexRow[], order: Int32Array, query: ProjectListQuery): { page: IndexRow[]; total: number } {
  const text = query.q?.trim().toLowerCase()
  const wanted = wantedSets(query)
  const start = (query.page - 1) * query.per_page
  const page: IndexRow[] = []
  let total = 0
  for (const position of order) {
    const row = rows[position]
    if (!passesTextAndVintage(row, text, query.vintage_min)) continue
    if (wanted.some((set, i) => set && !row.values[facetNames[i]].some((v) => set.has(v)))) continue
    if (total >= start && page.length < query.per_page) page.push(row)
    total++
  }
  return { page, total }
}

export function countFacets(rows: IndexRow[], filters: ProjectFilters): Omit<ProjectFacets, 'object'> {
  const text = filters.q?.trim().toLowerCase()
  const wanted = wantedSets(filters)
  const counts = facetNames.map(() => new Map<string, number>())
  let total = 0
  let min: number | null = null
  let max: number | null = null
  for (const row of rows) {
    if (!passesTextAndVintage(row, text, filters.vintage_min)) continue
    // Which facet filters this project fails: it counts for a facet when it fails none, or only that one.
    let failed = -1
    let failures = 0
    for (let i = 0; i < facetNames.length; i++) {
      const set = wanted[i]
      if (set && !row.values[facetNames[i]].some((v) => set.has(v))) {
        failures++
        failed = i
      }
    }
    if (failures > 1) continue
    for (let i = 0; i < facetNames.length; i++) {
      if (failures === 1 && failed !== i) continue
      for (const value of row.values[facetNames[i]]) counts[i].set(value, (counts[i].get(value) ?? 0) + 1)
    }
    if (failures === 0) {
      total++
      if (row.vintage !== null) {
        min = min === null ? row.vintage : Math.min(min, row.vintage)
        max = max === null ? row.vintage : Math.max(max, row.vintage)
      }
    }
  }
  const ordered = (map: Map<string, number>): FacetValue[] =>
    [...map].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
  return {
    total,
    vintage: { min, max },
    facets: Object.fromEntries(facetNames.map((name, i) => [name, ordered(counts[i])])) as Record<FacetName, FacetValue[]>,
  }
}

interface IndexVersion {
  version: number
  rows: Promise<IndexRow[]>
  /** Sorted positions by sort parameter, built when first asked for. */
  orders: Map<string, Int32Array>
  vocabulary?: Promise<BriefVocabulary>
}

export class ProjectIndexes {
  private readonly cache = new Map<Dataset, IndexVersion>()
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: DatasetVersions,
  ) {}

  private current(dataset: Dataset) {
    const version = this.versions.get(dataset)
    let hit = this.cache.get(dataset)
    if (!hit || hit.version !== version) {
      hit = { version, rows: load(this.db, dataset), orders: new Map() }
      this.cache.set(dataset, hit)
      hit.rows.catch(() => this.cache.delete(dataset))
    }
    return hit
  }

  /** Reads the index of each dataset now, in the background, so the browser's first visitor does not wait for it. */
  warm(datasets: readonly Dataset[]) {
    for (const dataset of datasets) this.current(dataset).rows.catch(() => undefined)
  }

  /** One page of the list, in order, as of `now`, and the filtered total. */
  async page(dataset: Dataset, query: ProjectListQuery, now: Date): Promise<{ data: ProjectSummary[]; total: number }> {
    const hit = this.current(dataset)
    const rows = await hit.rows
    let order = hit.orders.get(query.sort)
    if (!order) {
      order = sortedPositions(rows, query.sort)
      hit.orders.set(query.sort, order)
    }
    const { page, total } = pageOf(rows, order, query)
    return { data: page.map((row) => toProjectSummary(row.project, row.cells, now)), total }
  }

  async facets(dataset: Dataset, filters: ProjectFilters) {
    return countFacets(await this.current(dataset).rows, filters)
  }

  /** Every type and region some project has, to check a brief against without a query. */
  vocabulary(dataset: Dataset): Promise<BriefVocabulary> {
    const hit = this.current(dataset)
    hit.vocabulary ??= hit.rows.then((rows) => ({
      type: new Set(rows.map((row) => row.values.type[0])),
      region: new Set(rows.map((row) => row.values.region[0])),
    }))
    return hit.vocabulary
  }
}
