import type { SourceState } from '../../api/contract/sources'
import { cellStateAt } from './freshness'

/** The newest run of a source, as far as its state needs it. */
export interface LastRun {
  state: string
}

/**
 * A source's state: running while a run is queued or under way, failing when its newest run failed, never run
 * until it first updated a project, else stale or healthy by the same rule as a coverage cell of its newest
 * update (whole hours against its cadence), so a source never reads stale while its newest cell reads fresh.
 */
export function sourceState(lastRun: LastRun | undefined, lastSuccessMs: number, cadenceHours: number, nowMs: number): SourceState {
  if (lastRun?.state === 'queued' || lastRun?.state === 'running') return 'running'
  if (lastRun?.state === 'failed') return 'failing'
  const freshness = cellStateAt(lastSuccessMs, cadenceHours, nowMs)
  return freshness === 'missing' ? 'never_run' : freshness === 'stale' ? 'stale' : 'healthy'
}
