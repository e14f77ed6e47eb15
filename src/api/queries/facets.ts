import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { projectFacets } from '../contract/facets'
import type { ProjectFilters } from '../contract/projects'

/**
 * The facets are keyed under the projects, so whatever refreshes the projects refreshes them too; they live
 * in a module of their own so the home route's brief loads their schema without the rest of the projects'.
 */
export const facetsQuery = (filters: ProjectFilters = {}) =>
  queryOptions({
    queryKey: ['projects', 'facets', filters] as const,
    queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listProjectFacets, {}, filters), projectFacets, { signal }),
    staleTime: 5 * 60_000,
  })
