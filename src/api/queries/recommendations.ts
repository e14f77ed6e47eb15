import { queryOptions } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import type { Brief } from '../contract/brief'

export const recommendationQueries = {
  all: () => ['recommendations'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...recommendationQueries.all(), 'detail', id] as const,
      queryFn: async ({ signal }) => apiGet(endpointUrl(endpoints.getRecommendation, { id }), await recommendationSchema(), { signal }),
      // A recommendation never changes once made.
      staleTime: Infinity,
    }),
}

/**
 * The answer's schema is read when a shortlist is first asked for, not with the brief form: the home route loads
 * what the form needs, and a recommendation's shape (its items, prices and portfolio) comes with the first answer.
 */
const recommendationSchema = async () => (await import('../contract/recommendations')).recommendation

export async function createRecommendation(brief: Brief) {
  return (await apiRequest(endpointUrl(endpoints.createRecommendation), await recommendationSchema(), { method: 'POST', body: brief })).data
}
