import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { coverageMatrix, type CoverageQuery } from '../contract/coverage'

export const coverageQueries = {
  all: () => ['coverage'] as const,
  matrix: (query: Partial<CoverageQuery>) =>
    queryOptions({
      queryKey: [...coverageQueries.all(), 'matrix', query] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getCoverage, {}, query), coverageMatrix, { signal }),
    }),
}
