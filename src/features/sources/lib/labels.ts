import type { RunState, Source, SourceState } from '../../../api/contract/sources'

/** `every 6 hours`, `daily`, `every 7 days`: the cadence a source is expected to keep. */
export function formatCadence(hours: number): string {
  if (hours === 24) return 'Daily'
  if (hours === 168) return 'Weekly'
  if (hours % 24 === 0) return `Every ${hours / 24} days`
  return hours === 1 ? 'Hourly' : `Every ${hours} hours`
}

export const sourceKindLabels: Record<Source['kind'], string> = {
  registry: 'Registry',
  rating: 'Rating',
  market: 'Market',
  dataset: 'Dataset',
}

export const sourceStateLabels: Record<SourceState, string> = {
  healthy: 'Healthy',
  stale: 'Stale',
  failing: 'Failing',
  running: 'Running',
  never_run: 'Never run',
}

export const runStateLabels: Record<RunState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
}

export type Tone = 'good' | 'warning' | 'bad' | 'busy' | 'neutral'

export const sourceStateTones: Record<SourceState, Tone> = {
  healthy: 'good',
  stale: 'warning',
  failing: 'bad',
  running: 'busy',
  never_run: 'neutral',
}

export const runStateTones: Record<RunState, Tone> = {
  queued: 'busy',
  running: 'busy',
  succeeded: 'good',
  failed: 'bad',
}
