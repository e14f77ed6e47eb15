import { ageHours } from '../catalogue/freshness'

/**
 * The coverage cells by source, oldest update first, built once per dataset version. An update's age grows
 * with time but the order of a source's updates does not, so the matrix without filters (the heatmap as it
 * opens) reads each source's summary by binary search and its stalest rows by merging the sources' oldest
 * cells, instead of passing over all 400,000 cells of 100,000 projects on every request. The ages, states and
 * order are the full pass's: both count whole hours as the contract's ageHours (the unit test holds them together).
 */
export interface CellIndex {
  /** Per source: the applicable rows it has updated, oldest update first (key order among equal times). */
  bySource: { rows: Int32Array; updated: Float64Array; missing: number }[]
  /** Rows with an applicable cell never updated, in key order: always the stalest. */
  neverUpdated: Int32Array
  /** Rows no source applies to, in key order: overdue by nothing. */
  uncovered: Int32Array
}

export interface IndexedView {
  size: number
  sources: { cadence_hours: number }[]
  updated: Float64Array[]
  applies: (Int32Array | null)[]
}

export function cellIndex(view: IndexedView): CellIndex {
  const never = new Uint8Array(view.size)
  const covered = new Uint8Array(view.size)
  const bySource = view.sources.map((_, j) => {
    const updated = view.updated[j]
    const applies = view.applies[j]
    const rows: number[] = []
    let missing = 0
    const count = applies === null ? view.size : applies.length
    for (let k = 0; k < count; k++) {
      const r = applies === null ? k : applies[k]
      covered[r] = 1
      if (Number.isNaN(updated[r])) {
        never[r] = 1
        missing++
      } else rows.push(r)
    }
    rows.sort((a, b) => updated[a] - updated[b] || a - b)
    return { rows: Int32Array.from(rows), updated: Float64Array.from(rows, (r) => updated[r]), missing }
  })
  const rowsWhere = (flags: Uint8Array, value: number) => {
    const rows: number[] = []
    for (let r = 0; r < view.size; r++) if (flags[r] === value) rows.push(r)
    return Int32Array.from(rows)
  }
  return { bySource, neverUpdated: rowsWhere(never, 1), uncovered: rowsWhere(covered, 0) }
}

/** A source's fresh, stale and missing cells as of `nowMs`: its fresh cells are its newest, found by binary search. */
export function indexedSummary(index: CellIndex, j: number, cadence: number, nowMs: number) {
  const { updated, missing } = index.bySource[j]
  let low = 0
  let high = updated.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ageHours(updated[middle], nowMs) <= cadence) high = middle
    else low = middle + 1
  }
  return { fresh: updated.length - low, stale: low, missing }
}

/**
 * The first `count` rows stalest first (most cadences overdue; never-updated cells first; key order within a
 * tie), by a merge of the sources' oldest cells: a row is placed by its first, stalest, appearance, and each
 * tie is taken whole and put in key order.
 */
export function indexedStalest(index: CellIndex, cadences: readonly number[], size: number, nowMs: number, count: number): number[] {
  const out: number[] = []
  const taken = new Uint8Array(size)
  for (const r of index.neverUpdated) {
    if (out.length >= count) return out
    out.push(r)
    taken[r] = 1
  }
  const heads = new Int32Array(cadences.length)
  const overdueAt = (j: number, p: number) => ageHours(index.bySource[j].updated[p], nowMs) / cadences[j]
  while (out.length < count) {
    let worst = -1
    for (let j = 0; j < cadences.length; j++) {
      const { rows } = index.bySource[j]
      while (heads[j] < rows.length && taken[rows[heads[j]]]) heads[j]++
      if (heads[j] < rows.length) worst = Math.max(worst, overdueAt(j, heads[j]))
    }
    if (worst < 0) break
    const tie: number[] = []
    for (let j = 0; j < cadences.length; j++) {
      const { rows } = index.bySource[j]
      for (; heads[j] < rows.length && overdueAt(j, heads[j]) === worst; heads[j]++) {
        if (taken[rows[heads[j]]]) continue
        taken[rows[heads[j]]] = 1
        tie.push(rows[heads[j]])
      }
    }
    // Rows no source applies to are overdue by nothing, tied with the freshest.
    if (worst === 0) for (const r of index.uncovered) tie.push(r)
    tie.sort((a, b) => a - b)
    for (const r of tie) out.push(r)
    if (worst === 0) return out.slice(0, count)
  }
  for (const r of index.uncovered) out.push(r)
  return out.slice(0, count)
}
