import { queryOptions } from '@tanstack/react-query'
import { apiGet, queryString } from '../client'
import { coverageMatrix, type CoverageQuery } from '../contract/coverage'

export const coverageQueries = {
  all: () => ['coverage'] as const,
  matrix: (query: Partial<CoverageQuery>) =>
    queryOptions({
      queryKey: [...coverageQueries.all(), 'matrix', query] as const,
      queryFn: ({ signal }) => apiGet(`/api/coverage${queryString(query)}`, coverageMatrix, { signal }),
    }),
}
