import type { RunState, Source } from '../../api/contract/sources'
import { hoursSince } from '../catalogue/freshness'
import { sourceState } from '../catalogue/source-status'
import { sourceTraits } from '../sources/source-list'
import type { SourceRow } from '../db/schema'

export interface SourceFacts {
  source: SourceRow
  lastRun?: { id: string; state: string; created_at: Date | string; finished_at: Date | string | null; error_code?: string | null }
  /** Epoch ms of its last success (catalogue/source-status.ts `lastSuccessOf`); NaN until a run of it succeeded. */
  lastSuccessMs: number
  /** How many projects it covers. */
  projects: number
}

/** A source as the contract shows it: its catalogue entry, its state and age, its newest run. */
export function toSource({ source, lastRun, lastSuccessMs, projects }: SourceFacts, now: Date): Source {
  const updated = !Number.isNaN(lastSuccessMs)
  const traits = sourceTraits(source)
  return {
    id: source.id,
    object: 'source',
    name: source.name,
    kind: source.kind as Source['kind'],
    connector: source.connector,
    description: source.description,
    registry: source.registry,
    cadence_hours: source.cadence_hours,
    last_success_at: updated ? new Date(lastSuccessMs).toISOString() : null,
    // Shown to a tenth of an hour; the state counts whole hours, as a coverage cell does.
    age_hours: updated ? Math.round(hoursSince(lastSuccessMs, now.getTime()) * 10) / 10 : null,
    projects_covered: projects,
    state: sourceState(source, lastRun, lastSuccessMs, now.getTime()),
    simulated: traits.simulated,
    connected: traits.connected,
    accepts_files: traits.acceptsFiles,
    attribution: traits.attribution,
    last_run: lastRun
      ? {
          id: lastRun.id,
          state: lastRun.state as RunState,
          created_at: new Date(lastRun.created_at).toISOString(),
          finished_at: lastRun.finished_at ? new Date(lastRun.finished_at).toISOString() : null,
        }
      : null,
  }
}
