import { queryOptions } from '@tanstack/react-query'
import { apiGet, queryString } from '../client'
import {
  projectDetail,
  projectCreditHistory,
  projectPage,
  type ProjectFilters,
  type ProjectListQuery,
} from '../contract/projects'
import { facetsQuery } from './facets'

/** Project queries are shared by the brief (vocabulary), the browser, the project page and the shortlist. */
export const projectQueries = {
  all: () => ['projects'] as const,
  list: (query: Partial<ProjectListQuery>) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'list', query] as const,
      queryFn: ({ signal }) => apiGet(`/api/projects${queryString(query)}`, projectPage, { signal }),
    }),
  facets: facetsQuery,
  /** Credits issued and retired per year, summed over the projects the filters leave. */
  creditHistory: (filters: ProjectFilters = {}) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'credit-history', filters] as const,
      queryFn: ({ signal }) => apiGet(`/api/projects/credit-history${queryString(filters)}`, projectCreditHistory, { signal }),
      staleTime: 5 * 60_000,
    }),
  detail: (idOrKey: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', idOrKey] as const,
      queryFn: ({ signal }) => apiGet(`/api/projects/${encodeURIComponent(idOrKey)}`, projectDetail, { signal }),
    }),
}
