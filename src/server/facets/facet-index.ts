import type { Kysely } from 'kysely'
import { facetNames, type FacetName, type FacetValue, type ProjectFacets, type ProjectFilters } from '../../api/contract/projects'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import type { DatasetVersions } from '../deps'
import type { BriefVocabulary } from './vocabulary'

/**
 * Facet counts from memory. Every filter change in the browser asks for them, and eight GROUP BYs over the
 * whole table cost more than the page itself; the facet columns of every project, read once per dataset
 * version, answer in a few milliseconds. The filters mean exactly what project-filters.ts makes of them in SQL
 * (a test compares the counts with the list's totals).
 */
interface FacetRow {
  search: string[]
  vintage: number | null
  values: Record<FacetName, readonly string[]>
}

async function load(db: Kysely<Database>, dataset: Dataset): Promise<FacetRow[]> {
  const rows = await scoped(db, dataset)
    .selectFrom('projects')
    .select(['key', 'name', 'type', 'scope', 'region', 'country', 'registry', 'status', 'labels', 'co_benefits', 'vintage'])
    .execute()
  return rows.map((r) => ({
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
  }))
}

export function countFacets(rows: FacetRow[], filters: ProjectFilters): Omit<ProjectFacets, 'object'> {
  const text = filters.q?.trim().toLowerCase()
  const wanted = facetNames.map((name) => (filters[name]?.length ? new Set<string>(filters[name]) : null))
  const counts = facetNames.map(() => new Map<string, number>())
  let total = 0
  let min: number | null = null
  let max: number | null = null
  for (const row of rows) {
    if (text && !row.search.some((field) => field.includes(text))) continue
    if (filters.vintage_min !== undefined && (row.vintage === null || row.vintage < filters.vintage_min)) continue
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

export class FacetIndexes {
  private readonly cache = new Map<Dataset, { version: number; rows: Promise<FacetRow[]>; vocabulary?: Promise<BriefVocabulary> }>()
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: DatasetVersions,
  ) {}

  private current(dataset: Dataset) {
    const version = this.versions.get(dataset)
    let hit = this.cache.get(dataset)
    if (!hit || hit.version !== version) {
      hit = { version, rows: load(this.db, dataset) }
      this.cache.set(dataset, hit)
      hit.rows.catch(() => this.cache.delete(dataset))
    }
    return hit
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
