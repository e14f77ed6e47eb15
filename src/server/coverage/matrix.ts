import type { Kysely } from 'kysely'
import { appliesTo, cellState, type CoverageMatrix, type CoverageQuery } from '../../api/contract/coverage'
import type { RegistryCode } from '../../api/contract/common'
import { loadCoverage } from '../db/queries/coverage'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import type { DatasetVersions } from '../deps'

interface Snapshot {
  sources: { id: string; name: string; cadence_hours: number; registry: RegistryCode | null }[]
  projects: { key: string; name: string; registry: RegistryCode; type: string; region: string; updated: (number | null)[] }[]
}

async function snapshot(db: Kysely<Database>, dataset: Dataset): Promise<Snapshot> {
  const data = await loadCoverage(scoped(db, dataset))
  const column = new Map(data.sources.map((s, i) => [s.id, i]))
  const rows = new Map(
    data.projects.map((p) => [
      p.id,
      { key: p.key, name: p.name, registry: p.registry as RegistryCode, type: p.type, region: p.region, updated: data.sources.map(() => null as number | null) },
    ]),
  )
  for (const cell of data.cells) {
    const row = rows.get(cell.project_id)
    const i = column.get(cell.source_id)
    if (row && i !== undefined) row.updated[i] = new Date(cell.last_success_at).getTime()
  }
  return {
    sources: data.sources.map((s) => ({ id: s.id, name: s.name, cadence_hours: s.cadence_hours, registry: s.registry as RegistryCode | null })),
    projects: [...rows.values()],
  }
}

/**
 * The matrix is read whole, once per dataset version, and kept in memory: filtering, sorting and paging ten
 * thousand projects by ten sources is then a few milliseconds, and ages are computed against the request time.
 */
export class CoverageMatrices {
  private readonly cache = new Map<Dataset, { version: number; snapshot: Promise<Snapshot> }>()
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: DatasetVersions,
  ) {}

  private snapshot(dataset: Dataset) {
    const version = this.versions.get(dataset)
    const hit = this.cache.get(dataset)
    if (hit && hit.version === version) return hit.snapshot
    const fresh = snapshot(this.db, dataset)
    this.cache.set(dataset, { version, snapshot: fresh })
    fresh.catch(() => this.cache.delete(dataset))
    return fresh
  }

  async matrix(dataset: Dataset, query: CoverageQuery, now: Date): Promise<Omit<CoverageMatrix, 'object'>> {
    const data = await this.snapshot(dataset)
    const wanted = query.source?.length ? new Set(query.source) : null
    const columns = data.sources.map((s, i) => ({ source: s, i })).filter(({ source }) => !wanted || wanted.has(source.id))
    const keys = query.project?.length ? new Set(query.project.map((k) => k.toUpperCase())) : null
    const types = query.type?.length ? new Set(query.type) : null
    const regions = query.region?.length ? new Set(query.region) : null
    const nowMs = now.getTime()

    let rows = data.projects
      .filter((p) => (!keys || keys.has(p.key.toUpperCase())) && (!types || types.has(p.type)) && (!regions || regions.has(p.region)))
      .map((p) => ({
        project: p,
        ages: columns.map(({ i }) => (p.updated[i] === null ? null : Math.max(0, Math.floor((nowMs - p.updated[i]!) / 3_600_000)))),
      }))
    const states = (row: (typeof rows)[number]) =>
      columns.map(({ source }, j) => (appliesTo(source, row.project) ? cellState(row.ages[j], source.cadence_hours) : null))
    if (query.state) rows = rows.filter((row) => states(row).includes(query.state!))

    const summaries = columns.map(() => ({ fresh: 0, stale: 0, missing: 0 }))
    for (const row of rows) states(row).forEach((state, j) => state && summaries[j][state]++)

    if (query.sort === 'stalest') {
      // How many cadences overdue the worst applicable cell is; never updated counts as the most overdue.
      const overdue = (row: (typeof rows)[number]) =>
        Math.max(
          0,
          ...columns.map(({ source }, j) =>
            !appliesTo(source, row.project) ? 0 : row.ages[j] === null ? Number.MAX_SAFE_INTEGER : row.ages[j]! / source.cadence_hours,
          ),
        )
      const scored = rows.map((row) => ({ row, overdue: overdue(row) }))
      scored.sort((a, b) => b.overdue - a.overdue || (a.row.project.key < b.row.project.key ? -1 : 1))
      rows = scored.map((s) => s.row)
    }
    const start = (query.page - 1) * query.per_page
    return {
      as_of: now.toISOString(),
      sources: columns.map(({ source }, j) => ({ ...source, summary: summaries[j] })),
      total: rows.length,
      page: query.page,
      per_page: query.per_page,
      rows: rows.slice(start, start + query.per_page).map(({ project, ages }) => ({
        key: project.key,
        name: project.name,
        registry: project.registry,
        type: project.type,
        region: project.region,
        ages,
      })),
    }
  }
}
