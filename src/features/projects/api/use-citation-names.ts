import { useQuery } from '@tanstack/react-query'
import type { RatingMethod } from '../../../api/contract/rating-method'
import { ratingMethodQueries } from '../../../api/queries/rating-method'

const namesOf = (method: RatingMethod) => new Map(method.citations.map((c) => [c.id, c.short]))

/**
 * A citation as a reader names it ("West et al. 2023"), from the rating method the API serves (fetched once and
 * shared by every view); its id until the method has loaded.
 */
export function useCitationNames(): (id: string) => string {
  const names = useQuery({ ...ratingMethodQueries.current(), select: namesOf }).data
  return (id) => names?.get(id) ?? id
}
