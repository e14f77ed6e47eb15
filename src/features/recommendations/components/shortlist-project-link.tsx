import { Link, useLocation } from 'react-router-dom'
import type { ShortlistReturnState } from '../../../api/shortlist-return'

/**
 * A shortlisted or left-out project's name, linked to its page, which offers the way back to this shortlist: its
 * "Back to projects" alone sent the buyer to the browser.
 */
export function ShortlistProjectLink({ href, name }: { href: string; name: string }) {
  const location = useLocation()
  const back: ShortlistReturnState = { fromShortlist: location.pathname + location.search }
  return (
    <Link to={href} state={back}>
      {name}
    </Link>
  )
}
