import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { ratingMethod } from '../contract/rating-method'

export const ratingMethodQueries = {
  all: () => ['rating-method'] as const,
  current: () =>
    queryOptions({
      queryKey: [...ratingMethodQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getRatingMethod), ratingMethod, { signal }),
      // The method changes only with a new version of the server.
      staleTime: Infinity,
    }),
}
