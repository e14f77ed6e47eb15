import { useId } from 'react'
import { finalRunStates, type SourceRun } from '../../../api/contract/sources'
import { formatNumber, formatPercent } from '../../../lib/format'
import { progressNoun } from '../../../api/run-account'

/**
 * How far a run has got; without a known total the bar says only that work is under way. A finished run's bar
 * stands still where the run stopped: a failed run is not at work.
 */
export function RunProgress({ run }: { run: SourceRun }) {
  const labelId = useId()
  const { processed, total, of } = run.progress
  const done = finalRunStates.includes(run.state)
  const known = total !== null && total > 0
  // Named for what the run counts: a registry's export is projects and records, never all "projects".
  const noun = progressNoun(of, known ? total : processed)
  const processedWhat = noun ? `${noun} processed` : 'processed'
  const text = known
    ? `${formatNumber(processed)} of ${formatNumber(total)} ${processedWhat} (${formatPercent(processed / total)})`
    : done
      ? `${formatNumber(processed)} ${processedWhat}${run.state === 'failed' ? ' before the run stopped' : ''}`
      : `${formatNumber(processed)} ${processedWhat} so far`
  return (
    <div className="run-progress">
      <span id={labelId} className="run-progress-label">
        Progress
      </span>
      {known || done ? (
        <progress aria-labelledby={labelId} aria-valuetext={text} value={known ? processed : run.state === 'succeeded' ? 1 : 0} max={known ? total : 1} />
      ) : (
        <progress aria-labelledby={labelId} aria-valuetext={text} />
      )}
      <span className="run-progress-text muted">{text}</span>
    </div>
  )
}
