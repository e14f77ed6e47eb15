import { fileRefusalCodes, type SourceState } from '../../api/contract/sources'
import { isDerived, runsCountingFor } from '../sources/source-list'
import { cellStateAt } from './freshness'

/** The newest run of a source, as far as its state needs it. */
export interface LastRun {
  state: string
  /** Why it failed, when it did. */
  error_code?: string | null
}

const refusals: ReadonlySet<string> = new Set(fileRefusalCodes)

/**
 * Whether a run failed for its source's sake: a file refused (another source's export, a file of no format, one past
 * the limits) says what the person uploaded, not how the source is, and the run says so itself.
 */
const failedForTheSource = (run: LastRun) => run.state === 'failed' && !(run.error_code && refusals.has(run.error_code))

/**
 * A source's last success: the newest data a succeeded run of it brought (by the data's as-of date, else when the
 * run finished); NaN until one succeeded. Never the coverage a seeding wrote without running the source: a
 * generated catalogue's registry cells are made up with its projects, and no run of those registries happened. The
 * open rating has no data of its own: its last success is the newest facts it rated a real project on (`ratedMs`),
 * which a registry's import brings as of its export's date. A re-rate run of it brings no newer facts, and dated by
 * when it finished it read "less than an hour ago" beside registries as old as those facts; its runs date it only
 * where it rated no real project (a generated catalogue).
 */
export function lastSuccessOf(source: { id: string; kind: string }, newestSuccess: ReadonlyMap<string, number>, ratedMs = Number.NaN): number {
  if (isDerived(source) && !Number.isNaN(ratedMs)) return ratedMs
  let newest = Number.NaN
  for (const id of runsCountingFor(source)) {
    const at = newestSuccess.get(id)
    if (at !== undefined && !(at <= newest)) newest = at
  }
  return newest
}

/**
 * A source's state: running while a run is queued or under way, failing when its newest run failed for the source's
 * sake (`failedForTheSource`), never run
 * until a run counting for it succeeded (`lastSuccessOf`), else stale or healthy by the same rule as a coverage
 * cell of its last success (whole hours against its cadence). The open rating keeps no schedule (it is worked out
 * from the facts, not fetched), so it is never stale on its own account: the sources of the facts it rates are.
 */
export function sourceState(source: { kind: string; cadence_hours: number }, lastRun: LastRun | undefined, lastSuccessMs: number, nowMs: number): SourceState {
  if (lastRun?.state === 'queued' || lastRun?.state === 'running') return 'running'
  if (lastRun && failedForTheSource(lastRun)) return 'failing'
  const freshness = cellStateAt(lastSuccessMs, source.cadence_hours, nowMs)
  if (freshness === 'missing') return 'never_run'
  return freshness === 'stale' && !isDerived(source) ? 'stale' : 'healthy'
}
