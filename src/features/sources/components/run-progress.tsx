import { useId } from 'react'
import { finalRunStates, type SourceRun } from '../../../api/contract/sources'
import { formatNumber, formatPercent } from '../../../lib/format'
import { progressNoun } from '../../../api/run-account'

/**
 * How far a run has got; without a known total the bar says only that work is under way. A finished run's bar
 * stands still where the run stopped: a failed run is not at work. A run that has read all it counts and is still
 * running is writing what it read, which takes Berkeley's file about as long again: it says so, and its bar moves
 * as one at work, where "10,975 of 10,975 (100%)" beside "Running" read as stuck.
 */
export function RunProgress({ run }: { run: SourceRun }) {
  const labelId = useId()
  const { processed, total, of } = run.progress
  const done = finalRunStates.includes(run.state)
  const known = total !== null && total > 0
  // Named for what the run counts: a registry's export is projects and records, never all "projects".
  const noun = progressNoun(of, known ? total : processed)
  const processedWhat = noun ? `${noun} processed` : 'processed'
  const writing = run.state === 'running' && !run.simulated && known && processed >= total
  const counted = known ? `${formatNumber(processed)} of ${formatNumber(total)} ${processedWhat}` : `${formatNumber(processed)} ${processedWhat}`
  const text = writing
    ? `${counted}; writing them to the catalogue`
    : known
      ? `${counted} (${formatPercent(processed / total)})`
      : done
        ? `${counted}${run.state === 'failed' ? ' before the run stopped' : ''}`
        : `${counted} so far`
  return (
    <div className="run-progress">
      <span id={labelId} className="run-progress-label">
        Progress
      </span>
      {(known || done) && !writing ? (
        <progress aria-labelledby={labelId} aria-valuetext={text} value={known ? processed : run.state === 'succeeded' ? 1 : 0} max={known ? total : 1} />
      ) : (
        <progress aria-labelledby={labelId} aria-valuetext={text} />
      )}
      <span className="run-progress-text muted">{text}</span>
    </div>
  )
}
