import { queryOptions } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import type { ShortlistListQuery } from '../contract/shortlists'

/**
 * Kept shortlists and what a shortlist is filed with. Apart from the recommendations' factory, which the brief form
 * loads: the home route carries none of this.
 */
export const shortlistQueries = {
  all: () => ['shortlists'] as const,
  /** The caller's kept shortlists, newest first, a page at a time; read again on every visit, as a brief may have added one. */
  list: (query: ShortlistListQuery) =>
    queryOptions({
      queryKey: [...shortlistQueries.all(), 'list', query] as const,
      queryFn: async ({ signal }) => apiGet(endpointUrl(endpoints.listRecommendations, {}, query), (await schemas()).shortlistPage, { signal }),
      staleTime: 0,
    }),
  /** The evidence behind a shortlist's grades, as the catalogue rates its projects now: the printed appendix. */
  evidence: (id: string) =>
    queryOptions({
      queryKey: [...shortlistQueries.all(), 'evidence', id] as const,
      queryFn: async ({ signal }) => apiGet(endpointUrl(endpoints.getRecommendationEvidence, { id }), (await schemas()).shortlistEvidence, { signal }),
      staleTime: 10 * 60_000,
    }),
}

/** The schemas are read with the first answer, as the shortlist's own are: a page's code carries paths, not the contract. */
const schemas = () => import('../contract/shortlists')

/** Names one of the caller's shortlists (null takes the name away); the answer is its summary, name included. */
export async function renameShortlist(id: string, name: string | null) {
  return (await apiRequest(endpointUrl(endpoints.renameRecommendation, { id }), (await schemas()).shortlistSummary, { method: 'PATCH', body: { name } })).data
}

/** Deletes one of the caller's shortlists; its link, pack and printed page answer 410 (deleted, and when) from then on. */
export async function deleteShortlist(id: string) {
  return (await apiRequest(endpointUrl(endpoints.deleteRecommendation, { id }), (await schemas()).deletedShortlist, { method: 'DELETE' })).data
}

/** Where the shortlist's workbook is downloaded from, through the same proxy as every read. */
export const shortlistPackPath = (id: string) => endpointUrl(endpoints.getRecommendationPack, { id })
