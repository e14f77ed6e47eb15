import { cellState } from '../../api/contract/coverage'
import type { FreshnessState } from '../../api/contract/common'

export const hoursSince = (then: Date, now: Date) => Math.max(0, (now.getTime() - then.getTime()) / 3_600_000)

/** A project's freshness: the worst state of the sources that cover it, and its latest update. */
export function projectFreshness(
  cells: { last_success_at: Date; cadence_hours: number }[],
  now: Date,
): { state: FreshnessState; updated_at: string | null } {
  if (cells.length === 0) return { state: 'missing', updated_at: null }
  const stale = cells.some((c) => cellState(hoursSince(c.last_success_at, now), c.cadence_hours) === 'stale')
  const latest = Math.max(...cells.map((c) => c.last_success_at.getTime()))
  return { state: stale ? 'stale' : 'fresh', updated_at: new Date(latest).toISOString() }
}
