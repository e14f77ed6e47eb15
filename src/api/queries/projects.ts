import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
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
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listProjects, {}, query), projectPage, { signal }),
    }),
  facets: facetsQuery,
  /** Credits issued and retired per year, summed over the projects the filters leave. */
  creditHistory: (filters: ProjectFilters = {}) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'credit-history', filters] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getProjectCreditHistory, {}, filters), projectCreditHistory, { signal }),
      staleTime: 5 * 60_000,
    }),
  detail: (idOrKey: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', idOrKey] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getProject, { id: idOrKey }), projectDetail, { signal }),
    }),
}
