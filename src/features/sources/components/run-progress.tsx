import { useId } from 'react'
import { finalRunStates, type SourceRun } from '../../../api/contract/sources'
import { formatNumber, formatPercent } from '../../../lib/format'

/**
 * How far a run has got; without a known total the bar says only that work is under way. A finished run's bar
 * stands still where the run stopped: a failed run is not at work.
 */
export function RunProgress({ run }: { run: SourceRun }) {
  const labelId = useId()
  const { processed, total } = run.progress
  const done = finalRunStates.includes(run.state)
  const known = total !== null && total > 0
  const text = known
    ? `${formatNumber(processed)} of ${formatNumber(total)} projects processed (${formatPercent(processed / total)})`
    : done
      ? `${formatNumber(processed)} projects processed${run.state === 'failed' ? ' before the run stopped' : ''}`
      : `${formatNumber(processed)} projects processed so far`
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
