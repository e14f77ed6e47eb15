import { Link, useLocation } from 'react-router-dom'
import type { ShortlistReturnState } from '../../../api/shortlist-return'
import { maxCompared, minCompared } from '../../../api/compare-keys'
import type { ShortlistLinks } from '../lib/links'

/** Compare the ticked projects of the shortlist (its top three to begin with) side by side. */
export function ShortlistCompare({ selectedKeys, links }: { selectedKeys: readonly string[]; links: ShortlistLinks }) {
  const count = selectedKeys.length
  const ready = count >= minCompared && count <= maxCompared
  // The comparison offers the way back to this shortlist, not only to the projects.
  const location = useLocation()
  const back: ShortlistReturnState = { fromShortlist: location.pathname + location.search }
  return (
    <div className="shortlist-compare no-print">
      {ready ? (
        <Link className="button" to={links.compare(selectedKeys)} state={back}>
          Compare {count} selected
        </Link>
      ) : (
        <button type="button" disabled aria-describedby="shortlist-compare-status">
          Compare selected
        </button>
      )}
      <span id="shortlist-compare-status" role="status" className="muted">
        {ready
          ? `${selectedKeys.join(', ')}`
          : count < minCompared
            ? `Tick ${minCompared} to ${maxCompared} projects to compare them.`
            : `At most ${maxCompared} projects can be compared; untick ${count - maxCompared}.`}
      </span>
    </div>
  )
}
