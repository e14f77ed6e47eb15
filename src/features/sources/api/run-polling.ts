import type { Query, QueryKey } from '@tanstack/react-query'
import type { SourceRun } from '../../../api/contract/sources'
import { isFinalRunState } from '../../../api/queries/sources'

export const firstPollMs = 500
export const maxPollMs = 5_000

export interface PollStep {
  /** What the last answer said about the run's progress; a change resets the delay. */
  signature: string
  delay: number
}

export const progressSignature = (run: SourceRun) =>
  `${run.state}:${run.progress.processed}:${run.progress.total ?? ''}`

/** Quick while a run moves, patient while it does not: the delay doubles on every unchanged answer. */
export function nextPollStep(previous: PollStep | undefined, run: SourceRun): PollStep | null {
  if (isFinalRunState(run.state)) return null
  const signature = progressSignature(run)
  if (!previous || previous.signature !== signature) return { signature, delay: firstPollMs }
  return { signature, delay: Math.min(previous.delay * 2, maxPollMs) }
}

// React Query asks for the interval on every change of the query (fetch started, fetch done), so the step is
// remembered per answer: asking twice about the same answer must not double the delay twice.
const steps = new WeakMap<object, PollStep & { answeredAt: number }>()

/** `refetchInterval` for a followed run: stops at a final state, backs off while nothing changes. */
export function sourceRunPollInterval<K extends QueryKey>(query: Query<SourceRun, Error, SourceRun, K>): number | false {
  const run = query.state.data
  if (!run) return false
  const answeredAt = query.state.dataUpdatedAt
  const remembered = steps.get(query)
  if (remembered?.answeredAt === answeredAt) return remembered.delay
  const step = nextPollStep(remembered, run)
  if (!step) {
    steps.delete(query)
    return false
  }
  steps.set(query, { ...step, answeredAt })
  return step.delay
}
