import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { RatingMethod } from '../api/contract/rating-method'
import { ratingMethodQueries } from '../api/queries/rating-method'

interface CitationLinksProps {
  ids: readonly string[]
  /** Where a citation is read in full: its entry in the rating method. */
  href: (id: string) => string
}

const namesOf = (method: RatingMethod) => new Map(method.citations.map((c) => [c.id, c.short]))

/**
 * Citations by author and year ("West et al. 2023"), each a link to its full reference. The names come from the
 * rating method the API serves, fetched once and shared by every view; a citation reads as its id until it has loaded.
 */
export function CitationLinks({ ids, href }: CitationLinksProps) {
  const names = useQuery({ ...ratingMethodQueries.current(), select: namesOf }).data
  return ids.map((id, index) => (
    <span key={id}>
      {index > 0 && ', '}
      <Link to={href(id)}>{names?.get(id) ?? id}</Link>
    </span>
  ))
}
