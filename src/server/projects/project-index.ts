import type { Kysely } from 'kysely'
import { facetNames, type FacetName, type ProjectFilters, type ProjectListQuery, type ProjectSummary } from '../../api/contract/projects'
import { coverageOf } from '../db/queries/projects'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset, ProjectRow } from '../db/schema'
import { toProjectSummary } from '../present/project'
import type { DatasetVersions } from '../deps'
import { VersionedCache } from '../db/versioned-cache'
import { countFacets, pageOf, sortedPositions } from './project-search'
import type { BriefVocabulary } from './vocabulary'

/**
 * The project browser from memory: which projects a filter leaves, in which order, and the facet counts.
 * Every filter change in the browser asks for a page and for the counts; in SQL, the filtered count, the
 * sort and eight GROUP BYs over the whole table cost tens of milliseconds at 10,000 projects and hundreds at
 * 100,000. Every project with its coverage, read once per dataset version, answers in a few, and a page's
 * freshness is still computed at the time of the request. Facet values are numbered per facet, so filtering
 * is a lookup in a mask and counting an increment in an array, with no string hashed per project.
 */
export interface IndexRow {
  project: ProjectRow
  /** When each covering source last updated the project, for its freshness at the time of a request. */
  cells: { last_success_at: Date; cadence_hours: number }[]
}

/**
 * What the filters read, by column, in flat arrays: a pass over 100,000 projects then reads memory in order
 * instead of following a pointer or three per project (which cost it several times more).
 */
export interface ProjectIndex {
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
