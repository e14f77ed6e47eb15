import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { catalogue } from '../contract/catalogue'

/**
 * What the catalogue is made of. Every view asks (the shell says when it is synthetic), so it is asked once a
 * session and again after a run changes the data (refresh-after-run), not on every page.
 */
export const catalogueQueries = {
  all: () => ['catalogue'] as const,
  summary: () =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getCatalogue), catalogue, { signal }),
      staleTime: 10 * 60_000,
    }),
}
