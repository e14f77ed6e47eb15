import type { RunState, Source, SourceState } from '../../../api/contract/sources'

export const sourceKindLabels: Record<Source['kind'], string> = {
  registry: 'Registry',
  rating: 'Rating',
  market: 'Market',
  dataset: 'Dataset',
}

const sourceStateLabels: Record<SourceState, string> = {
  healthy: 'Healthy',
  stale: 'Stale',
  failing: 'Failing',
  running: 'Running',
  never_run: 'Never run',
}

/**
 * What a source's state reads as. `never_run` also holds a source whose only runs were refused their file (a refusal
 * says what was uploaded, not how the source is): "Never run" beside its failed run in Recent runs read as false.
 */
export const sourceStateLabel = (source: Pick<Source, 'state' | 'last_run'>): string =>
  source.state === 'never_run' && source.last_run ? 'No data yet' : sourceStateLabels[source.state]

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
