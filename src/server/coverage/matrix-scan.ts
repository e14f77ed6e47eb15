import { appliesTo, type CoverageQuery } from '../../api/contract/coverage'
import { ageHours, hourMs } from '../catalogue/freshness'
import type { CoverageView } from './coverage-columns'
import { stalestFirst } from './stalest-first'

const fresh = 1
const stale = 2
const missing = 4
export const stateBits = { fresh, stale, missing } as const
/** A never-updated cell is more overdue than any update can be. */
const neverUpdated = Number.MAX_SAFE_INTEGER

/** The rows the project, type and region filters leave, as flags; null when no filter is set. */
export function rowFilter(view: CoverageView, query: CoverageQuery): Uint8Array | null {
  if (!query.project?.length && !query.type?.length && !query.region?.length) return null
  const keys = query.project?.length ? new Set(query.project.map((k) => k.toUpperCase())) : null
  const types = query.type?.length ? new Set(query.type) : null
  const regions = query.region?.length ? new Set(query.region) : null
  const passes = new Uint8Array(view.size)
  for (let r = 0; r < view.size; r++) {
    passes[r] = (!keys || keys.has(view.key[r].toUpperCase())) && (!types || types.has(view.type[r])) && (!regions || regions.has(view.region[r])) ? 1 : 0
  }
  return passes
}

/**
 * One source's applicable cells: each cell's state is or-ed into its row's states, and the row's worst overdue
 * (cadences past its last update, whole hours as the contract's ages) raised to it. Returns the column's
 * summary. The contract's ageHours and cellState, inlined (the unit test holds the matrix to them): the loop
 * runs over every applicable cell of every request, 400,000 at 100,000 projects.
 */
function scanColumn(
  updated: Float64Array,
  rows: Int32Array | null,
  passes: Uint8Array | null,
  cadence: number,
  nowMs: number,
  states: Uint8Array,
  overdue: Float64Array,
) {
  let freshCells = 0
  let staleCells = 0
  let missingCells = 0
  const count = rows === null ? updated.length : rows.length
  for (let k = 0; k < count; k++) {
    const r = rows === null ? k : rows[k]
    if (passes !== null && passes[r] === 0) continue
    const at = updated[r]
    if (at !== at) {
      // NaN: never updated.
      states[r] |= missing
      overdue[r] = neverUpdated
      missingCells++
      continue
    }
    const age = nowMs > at ? Math.floor((nowMs - at) / hourMs) : 0
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
  return { fresh: freshCells, stale: staleCells, missing: missingCells }
}

/** The matrix of a filtered request, by a pass over every applicable cell of the rows that pass. */
export function scanMatrix(
  view: CoverageView,
  columns: { source: CoverageView['sources'][number]; i: number }[],
  passes: Uint8Array | null,
  wantedState: number,
  query: CoverageQuery,
  nowMs: number,
) {
  const size = view.size
  // Per row: which states its applicable cells are in, and how many cadences overdue its worst cell is.
  // Per column: its summary, over the rows passing the row filters.
  const states = new Uint8Array(size)
  const overdue = new Float64Array(size)
  const summaries = columns.map(({ source, i }) => scanColumn(view.updated[i], view.applies[i], passes, source.cadence_hours, nowMs, states, overdue))

  let kept: Int32Array | null = null
  if (passes !== null || wantedState) {
    const rows = new Int32Array(size)
    let n = 0
    for (let r = 0; r < size; r++) {
      if (passes !== null && passes[r] === 0) continue
      if (wantedState && !(states[r] & wantedState)) continue
      rows[n++] = r
    }
    kept = rows.subarray(0, n)
  }
  const rowAt = (k: number) => (kept === null ? k : kept[k])
  const total = kept === null ? size : kept.length
  if (wantedState) recountOverKept(view, columns, kept!, summaries, nowMs)

  const start = (query.page - 1) * query.per_page
  let page: number[]
  if (query.sort === 'stalest') {
    let overdueOfKept = overdue
    if (kept !== null) {
      overdueOfKept = new Float64Array(kept.length)
      for (let k = 0; k < kept.length; k++) overdueOfKept[k] = overdue[kept[k]]
    }
    page = stalestFirst(overdueOfKept, start + query.per_page).slice(start).map(rowAt)
  } else {
    page = rangeOf(start, Math.min(total, start + query.per_page)).map(rowAt)
  }
  return { summaries, total, page }
}


/** The summaries again, over the rows a state filter kept. */
function recountOverKept(
  view: CoverageView,
  columns: { source: CoverageView['sources'][number]; i: number }[],
  kept: Int32Array,
  summaries: { fresh: number; stale: number; missing: number }[],
  nowMs: number,
) {
  columns.forEach(({ source, i }, j) => {
    const summary = (summaries[j] = { fresh: 0, stale: 0, missing: 0 })
    const updated = view.updated[i]
    for (const r of kept) {
      if (!appliesTo(source, { registry: view.registry[r] })) continue
      const at = updated[r]
      if (Number.isNaN(at)) summary.missing++
      else if (ageHours(at, nowMs) <= source.cadence_hours) summary.fresh++
      else summary.stale++
    }
  })
}

export const rangeOf = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)
