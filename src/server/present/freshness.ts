import type { FreshnessState } from '../../api/contract/common'
import { projectFreshness as freshnessOfCells } from '../catalogue/freshness'
import { isDerived } from '../sources/source-list'

/**
 * A project's freshness from its coverage rows, by the catalogue's one freshness function. The open rating's row
 * is left out, as the catalogue's `cellsOf` leaves it: its freshness is that of the facts it rates.
 */
export function projectFreshness(
  cells: { source_id: string; last_success_at: Date; cadence_hours: number; kind: string }[],
  now: Date,
): { state: FreshnessState; updated_at: string | null; sources: string[] } {
  return freshnessOfCells(
    cells.filter((c) => !isDerived(c)).map((c) => ({ updatedMs: new Date(c.last_success_at).getTime(), cadenceHours: c.cadence_hours, sourceId: c.source_id })),
    now.getTime(),
  )
}
