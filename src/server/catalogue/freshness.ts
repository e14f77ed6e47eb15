import { cellState } from '../../api/contract/coverage'
import type { FreshnessState } from '../../api/contract/common'

/**
 * Freshness, in one place: a cell (a source's last update of a project) is as old as the whole hours since that
 * update, and its state is the contract's `cellState`: fresh up to one cadence old, stale beyond, missing when
 * never updated. The coverage matrix, the project list's freshness, the source catalog and the ranking all ask
 * here, so they cannot disagree about a cell.
 */
export const hourMs = 3_600_000

/** Whole hours from an update to `nowMs`, as the contract's ages are; an update stamped ahead counts as 0. */
export const ageHours = (updatedMs: number, nowMs: number) => Math.max(0, Math.floor((nowMs - updatedMs) / hourMs))

/** Hours since an update, with their fraction, for a source's age shown to a tenth of an hour. */
export const hoursSince = (updatedMs: number, nowMs: number) => Math.max(0, (nowMs - updatedMs) / hourMs)

export { cellState }

/** The state of a cell updated at `updatedMs` (NaN: never), as of `nowMs`. */
export const cellStateAt = (updatedMs: number, cadenceHours: number, nowMs: number): FreshnessState =>
  cellState(Number.isNaN(updatedMs) ? null : ageHours(updatedMs, nowMs), cadenceHours)

/**
 * The ranking's freshness credit of one cell: full within one cadence, fading to nothing at four cadences old.
 * `ageHours` may carry its fraction: the credit fades continuously.
 */
export function freshnessCredit(ageHours: number, cadenceHours: number): number {
  const cadences = ageHours / cadenceHours
  if (cadences <= 1) return 1
  return Math.max(0, 1 - (cadences - 1) / 3)
}

/** The ids of the sources of a project's cells, each once, in order: what its freshness and a shortlist item name. */
export const coveringSources = (cells: readonly { sourceId: string }[]): string[] => [...new Set(cells.map((cell) => cell.sourceId))].sort()

/** A project's freshness: the worst state of the sources that cover it, its latest update, and which they are. */
export function projectFreshness(
  cells: readonly { updatedMs: number; cadenceHours: number; sourceId: string }[],
  nowMs: number,
): { state: FreshnessState; updated_at: string | null; sources: string[] } {
  if (cells.length === 0) return { state: 'missing', updated_at: null, sources: [] }
  let stale = false
  let latest = -Infinity
  for (const cell of cells) {
    if (cellStateAt(cell.updatedMs, cell.cadenceHours, nowMs) === 'stale') stale = true
    latest = Math.max(latest, cell.updatedMs)
  }
  return { state: stale ? 'stale' : 'fresh', updated_at: new Date(latest).toISOString(), sources: coveringSources(cells) }
}
