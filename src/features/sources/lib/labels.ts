import type { RunState, Source, SourceState } from '../../../api/contract/sources'

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
