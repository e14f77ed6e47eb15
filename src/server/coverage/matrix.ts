import type { CoverageMatrix, CoverageQuery, CoverageRow } from '../../api/contract/coverage'
import type { RegistryCode } from '../../api/contract/common'
import { ageHours, hourMs } from '../catalogue/freshness'
import { stalestFirst } from './stalest-first'

/**
 * What the coverage matrix reads, by column: the catalogue's projects in key order and, per source, when it
 * last updated each (coverage-view.ts builds it from the catalogue once per dataset version).
 */
export interface CoverageView {
  sources: { id: string; name: string; cadence_hours: number; registry: RegistryCode | null }[]
  size: number
  key: string[]
  name: string[]
  registry: RegistryCode[]
  type: string[]
  region: string[]
  synthetic: Uint8Array
  /** Per source, per row: epoch ms of its last update of the project; NaN for never. */
  updated: Float64Array[]
  /** Per source: the rows it applies to (its registry's projects), or null for a source that applies to all. */
  applies: (Int32Array | null)[]
}

/** The rows each source applies to: a registry source only to its registry's projects (the contract's appliesTo). */
export function applicableRows(view: Pick<CoverageView, 'sources' | 'size' | 'registry'>): (Int32Array | null)[] {
  return view.sources.map((source) => {
    if (source.registry === null) return null
    const rows: number[] = []
    for (let r = 0; r < view.size; r++) if (view.registry[r] === source.registry) rows.push(r)
    return Int32Array.from(rows)
  })
}

const fresh = 1
const stale = 2
const missing = 4
const stateBits = { fresh, stale, missing } as const

/**
 * The matrix of one request. It runs on every heatmap load over every applicable cell (four per project,
 * 400,000 at 100,000 projects), so the pass goes source by source over typed arrays and allocates nothing per
 * cell; only the rows of the page asked for become objects. States follow the contract's cellState on whole-hour
 * ages (inlined here: `age <= cadence` is fresh; the unit test holds the matrix to the contract's functions).
 */
export function computeMatrix(view: CoverageView, query: CoverageQuery, now: Date): Omit<CoverageMatrix, 'object'> {
  const wanted = query.source?.length ? new Set(query.source) : null
  const columns = view.sources.map((source, i) => ({ source, i })).filter(({ source }) => !wanted || wanted.has(source.id))
  const nowMs = now.getTime()
  const size = view.size

  // Rows the project, type and region filters leave (null: all of them).
  let passes: Uint8Array | null = null
  if (query.project?.length || query.type?.length || query.region?.length) {
    const keys = query.project?.length ? new Set(query.project.map((k) => k.toUpperCase())) : null
    const types = query.type?.length ? new Set(query.type) : null
    const regions = query.region?.length ? new Set(query.region) : null
    passes = new Uint8Array(size)
    for (let r = 0; r < size; r++) {
      passes[r] = (!keys || keys.has(view.key[r].toUpperCase())) && (!types || types.has(view.type[r])) && (!regions || regions.has(view.region[r])) ? 1 : 0
    }
  }

  // Per row: which states its applicable cells are in, and how many cadences overdue its worst cell is
  // (never updated counts as the most overdue). Per column: its summary, over the rows passing the row filters.
  const states = new Uint8Array(size)
  const overdue = new Float64Array(size)
  const summaries = columns.map(() => ({ fresh: 0, stale: 0, missing: 0 }))
  // ageHours and the contract's cellState, inlined in this loop (the unit test holds the matrix to them).
  columns.forEach(({ source, i }, j) => {
    const updated = view.updated[i]
    const applies = view.applies[i]
    const cadence = source.cadence_hours
    const count = applies === null ? size : applies.length
    let freshCells = 0
    let staleCells = 0
    let missingCells = 0
    for (let k = 0; k < count; k++) {
      const r = applies === null ? k : applies[k]
      if (passes !== null && passes[r] === 0) continue
      const at = updated[r]
      if (at !== at) {
        // NaN: never updated.
        states[r] |= missing
        overdue[r] = Number.MAX_SAFE_INTEGER
        missingCells++
        continue
      }
      const age = Math.max(0, Math.floor((nowMs - at) / hourMs))
      if (age <= cadence) {
        states[r] |= fresh
        freshCells++
      } else {
        states[r] |= stale
        staleCells++
      }
      const cadences = age / cadence
      if (cadences > overdue[r]) overdue[r] = cadences
    }
    summaries[j] = { fresh: freshCells, stale: staleCells, missing: missingCells }
  })

  const wantedState = query.state ? stateBits[query.state] : 0
  const kept: number[] = []
  for (let r = 0; r < size; r++) {
    if (passes !== null && passes[r] === 0) continue
    if (wantedState && !(states[r] & wantedState)) continue
    kept.push(r)
  }
  if (wantedState) recountOverKept(view, columns, kept, summaries, nowMs)

  const start = (query.page - 1) * query.per_page
  const page =
    query.sort === 'stalest'
      ? stalestFirst(Float64Array.from(kept, (r) => overdue[r]), start + query.per_page).slice(start).map((k) => kept[k])
      : kept.slice(start, start + query.per_page)
  const rows: CoverageRow[] = page.map((r) => ({
    key: view.key[r],
    name: view.name[r],
    registry: view.registry[r],
    type: view.type[r],
    region: view.region[r],
    synthetic: view.synthetic[r] === 1,
    ages: columns.map(({ i }) => {
      const at = view.updated[i][r]
      return Number.isNaN(at) ? null : ageHours(at, nowMs)
    }),
  }))
  return {
    as_of: now.toISOString(),
    sources: columns.map(({ source }, j) => ({ ...source, summary: summaries[j] })),
    total: kept.length,
    page: query.page,
    per_page: query.per_page,
    rows,
  }
}

/** The summaries again, over the rows a state filter kept. */
function recountOverKept(
  view: CoverageView,
  columns: { source: CoverageView['sources'][number]; i: number }[],
  kept: number[],
  summaries: { fresh: number; stale: number; missing: number }[],
  nowMs: number,
) {
  columns.forEach(({ source, i }, j) => {
    const summary = (summaries[j] = { fresh: 0, stale: 0, missing: 0 })
    const updated = view.updated[i]
    for (const r of kept) {
      if (source.registry !== null && source.registry !== view.registry[r]) continue
      const at = updated[r]
      if (Number.isNaN(at)) summary.missing++
      else if (ageHours(at, nowMs) <= source.cadence_hours) summary.fresh++
      else summary.stale++
    }
  })
}
