import { useNavigate } from 'react-router-dom'
import { maxCompared, minCompared } from '../../../api/compare-keys'

interface CompareSelectionProps {
  selectedKeys: readonly string[]
  compareHref: (keys: readonly string[]) => string
  onClear: () => void
}

/** The rows ticked for comparison (kept across pages and filters) and the button that compares them. */
export function CompareSelection({ selectedKeys, compareHref, onClear }: CompareSelectionProps) {
  const navigate = useNavigate()
  const count = selectedKeys.length
  const ready = count >= minCompared && count <= maxCompared
  const status =
    count === 0
      ? `Tick ${minCompared} to ${maxCompared} projects to compare them.`
      : count < minCompared
        ? `${selectedKeys.join(', ')} selected; tick at least one more to compare.`
        : count > maxCompared
          ? `${count} selected; at most ${maxCompared} can be compared. Untick ${count - maxCompared}.`
          : `${count} selected: ${selectedKeys.join(', ')}.`
  return (
    <div className="compare-selection">
      <button type="button" disabled={!ready} aria-describedby="compare-selection-status" onClick={() => navigate(compareHref(selectedKeys))}>
        Compare{count > 0 ? ` (${count})` : ''}
      </button>
      {count > 0 && (
        <button type="button" onClick={onClear}>
          Clear selection
        </button>
      )}
      <span id="compare-selection-status" role="status" className="muted">
        {status}
      </span>
    </div>
  )
}
