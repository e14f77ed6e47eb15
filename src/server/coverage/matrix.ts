import type { Kysely } from 'kysely'
import type { CoverageMatrix, CoverageQuery, CoverageRow } from '../../api/contract/coverage'
import type { RegistryCode } from '../../api/contract/common'
import { loadCoverage } from '../db/queries/coverage'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import type { DatasetVersions } from '../deps'
import { VersionedCache } from '../db/versioned-cache'

export interface CoverageSnapshot {
  sources: { id: string; name: string; cadence_hours: number; registry: RegistryCode | null }[]
  /** In key order, as the database sorts keys. */
  projects: {
    key: string
    name: string
    registry: RegistryCode
    type: string
    region: string
    /** Per source, in the order of `sources`: when it last updated the project, in epoch ms; NaN for never. */
    updated: Float64Array
  }[]
}

async function snapshot(db: Kysely<Database>, dataset: Dataset): Promise<CoverageSnapshot> {
  const data = await loadCoverage(scoped(db, dataset))
  const column = new Map(data.sources.map((s, i) => [s.id, i]))
  const rows = new Map(
    data.projects.map((p) => [
      p.id,
      { key: p.key, name: p.name, registry: p.registry as RegistryCode, type: p.type, region: p.region, updated: new Float64Array(data.sources.length).fill(NaN) },
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

const hourMs = 3_600_000
/** Whole hours from an update to `nowMs`, as the contract's ages are; an update stamped ahead counts as 0. */
const ageHours = (updated: number, nowMs: number) => Math.max(0, Math.floor((nowMs - updated) / hourMs))
const stateCodes = { fresh: 1, stale: 2, missing: 3 } as const
const notApplicable = 0

/**
 * The matrix of one request, from the snapshot. It runs on every heatmap load over every project and source
 * (a million cells at 100,000 projects), so the pass over them allocates nothing per cell: states go into one
 * scratch array, and only the rows of the page asked for become objects. Ages are whole hours against `now`.
 */
export function computeMatrix(data: CoverageSnapshot, query: CoverageQuery, now: Date): Omit<CoverageMatrix, 'object'> {
  const wanted = query.source?.length ? new Set(query.source) : null
  const columns = data.sources.map((source, i) => ({ source, i })).filter(({ source }) => !wanted || wanted.has(source.id))
  const keys = query.project?.length ? new Set(query.project.map((k) => k.toUpperCase())) : null
  const types = query.type?.length ? new Set(query.type) : null
  const regions = query.region?.length ? new Set(query.region) : null
  const wantedState = query.state ? stateCodes[query.state] : null
  const nowMs = now.getTime()

  // Per column, flat: the pass below reads these for every cell.
  const sourceIndex = columns.map(({ i }) => i)
  const cadence = columns.map(({ source }) => source.cadence_hours)
  const registry = columns.map(({ source }) => source.registry)
  const summaries = columns.map(() => [0, 0, 0, 0])
  const states = new Uint8Array(columns.length)
  const kept: number[] = []
  // How many cadences overdue each kept row's worst applicable cell is; never updated counts as the most overdue.
  const overdue: number[] = []
  for (let r = 0; r < data.projects.length; r++) {
    const project = data.projects[r]
    if ((keys && !keys.has(project.key.toUpperCase())) || (types && !types.has(project.type)) || (regions && !regions.has(project.region))) continue
    let hasWanted = wantedState === null
    let worst = 0
    for (let j = 0; j < columns.length; j++) {
      // appliesTo and cellState of the contract, inlined (the unit test holds them to it).
      if (registry[j] !== null && registry[j] !== project.registry) {
        states[j] = notApplicable
        continue
      }
      const updated = project.updated[sourceIndex[j]]
      if (Number.isNaN(updated)) {
        states[j] = stateCodes.missing
        worst = Number.MAX_SAFE_INTEGER
      } else {
        const age = ageHours(updated, nowMs)
        states[j] = age <= cadence[j] ? stateCodes.fresh : stateCodes.stale
        worst = Math.max(worst, age / cadence[j])
      }
      if (states[j] === wantedState) hasWanted = true
    }
    if (!hasWanted) continue
    for (let j = 0; j < columns.length; j++) summaries[j][states[j]]++
    kept.push(r)
    overdue.push(worst)
  }

  const start = (query.page - 1) * query.per_page
  const pageOf = query.sort === 'stalest' ? stalestFirst(overdue, start + query.per_page).slice(start).map((k) => kept[k]) : kept.slice(start, start + query.per_page)
  const rows: CoverageRow[] = pageOf.map((r) => {
    const project = data.projects[r]
    return {
      key: project.key,
      name: project.name,
      registry: project.registry,
      type: project.type,
      region: project.region,
      ages: columns.map(({ i }) => {
        const updated = project.updated[i]
        return Number.isNaN(updated) ? null : ageHours(updated, nowMs)
      }),
    }
  })
  return {
    as_of: now.toISOString(),
    sources: columns.map(({ source }, j) => ({
      ...source,
      summary: { fresh: summaries[j][stateCodes.fresh], stale: summaries[j][stateCodes.stale], missing: summaries[j][stateCodes.missing] },
    })),
    total: kept.length,
    page: query.page,
    per_page: query.per_page,
    rows,
  }
}

/**
 * The positions of the `count` most overdue rows, most overdue first; ties keep their order, which is key order.
 * A page of 1,000 of 100,000 rows needs no full sort: everything above the count-th largest value, sorted, then
 * the rows at that value in order.
 */
function stalestFirst(overdue: number[], count: number): number[] {
  const byOverdue = (a: number, b: number) => overdue[b] - overdue[a] || a - b
  if (count >= overdue.length) return overdue.map((_, k) => k).sort(byOverdue)
  const threshold = Float64Array.from(overdue).sort()[overdue.length - count]
  const above: number[] = []
  const at: number[] = []
  for (let k = 0; k < overdue.length; k++) {
    if (overdue[k] > threshold) above.push(k)
    else if (overdue[k] === threshold && at.length < count) at.push(k)
  }
  return above.sort(byOverdue).concat(at).slice(0, count)
}

/**
 * The matrix is read whole, once per dataset version, and kept in memory; each request computes its ages,
 * states, summaries and order from it against the request time.
 */
export class CoverageMatrices {
  private readonly snapshots: VersionedCache<CoverageSnapshot>
  constructor(db: Kysely<Database>, versions: DatasetVersions) {
    this.snapshots = new VersionedCache(versions, (dataset) => snapshot(db, dataset))
  }

  async matrix(dataset: Dataset, query: CoverageQuery, now: Date): Promise<Omit<CoverageMatrix, 'object'>> {
    return computeMatrix(await this.snapshots.get(dataset), query, now)
  }
}
