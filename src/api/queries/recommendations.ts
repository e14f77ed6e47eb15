import { queryOptions } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { recommendation, type Brief } from '../contract/recommendations'

export const recommendationQueries = {
  all: () => ['recommendations'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...recommendationQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getRecommendation, { id }), recommendation, { signal }),
      // A recommendation never changes once made.
      staleTime: Infinity,
    }),
}

export async function createRecommendation(brief: Brief) {
  return (await apiRequest(endpointUrl(endpoints.createRecommendation), recommendation, { method: 'POST', body: brief })).data
}
