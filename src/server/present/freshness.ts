import type { FreshnessState } from '../../api/contract/common'
import { projectFreshness as freshnessOfCells } from '../catalogue/freshness'

/** A project's freshness from its coverage rows, by the catalogue's one freshness function. */
export function projectFreshness(
  cells: { last_success_at: Date; cadence_hours: number }[],
  now: Date,
): { state: FreshnessState; updated_at: string | null } {
  return freshnessOfCells(
    cells.map((c) => ({ updatedMs: new Date(c.last_success_at).getTime(), cadenceHours: c.cadence_hours })),
    now.getTime(),
  )
}
