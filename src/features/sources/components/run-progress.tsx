import { useId } from 'react'
import type { SourceRun } from '../../../api/contract/sources'
import { formatNumber, formatPercent } from '../../../lib/format'

/** How far a run has got; without a known total the bar says only that work is under way. */
export function RunProgress({ run }: { run: SourceRun }) {
  const labelId = useId()
  const { processed, total } = run.progress
  const done = run.state === 'succeeded'
  const known = total !== null && total > 0
  const text = known
    ? `${formatNumber(processed)} of ${formatNumber(total)} projects processed (${formatPercent(processed / total)})`
    : done
      ? `${formatNumber(processed)} projects processed`
      : `${formatNumber(processed)} projects processed so far`
  return (
    <div className="run-progress">
      <span id={labelId} className="run-progress-label">
        Progress
      </span>
      {known || done ? (
        <progress aria-labelledby={labelId} aria-valuetext={text} value={known ? processed : 1} max={known ? total : 1} />
      ) : (
        <progress aria-labelledby={labelId} aria-valuetext={text} />
      )}
      <span className="run-progress-text muted">{text}</span>
    </div>
  )
}
