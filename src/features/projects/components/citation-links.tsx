import { Link } from 'react-router-dom'
import { useCitationNames } from '../api/use-citation-names'

interface CitationLinksProps {
  ids: readonly string[]
  /** Where a citation is read in full: its entry in the rating method. */
  href: (id: string) => string
}

/** Citations by author and year, each a link to its full reference. */
export function CitationLinks({ ids, href }: CitationLinksProps) {
  const nameOf = useCitationNames()
  return ids.map((id, index) => (
    <span key={id}>
      {index > 0 && ', '}
      <Link to={href(id)}>{nameOf(id)}</Link>
    </span>
  ))
}
