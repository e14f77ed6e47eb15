import { endpoints, endpointUrl } from '../api/endpoints.ts'
import { shortlistsPerPage } from '../api/shortlist-pages.ts'
import type { RouteModule } from './route-table'

/** What a page needs besides its module, named in its head by the preview (proxy/route-preloads.ts). */
export interface RouteReads {
  /** Source files it loads, as the build's manifest names them. */
  modules?: readonly string[]
  /** The API reads it makes on every visit, given its address's parameter (decoded) and query. */
  reads: (param: string, search: URLSearchParams) => string[]
}

/**
 * Each page's reads, by its route module. Kept out of the route table, which every page's first load carries: only
 * the preview server reads these. Only reads the page makes on every visit are named: a preloaded answer the page
 * does not take is a wasted request.
 */
export const routeReads: Partial<Record<RouteModule, RouteReads>> = {
  brief: { reads: () => [endpointUrl(endpoints.listProjectFacets)] },
  recommendation: {
    modules: ['src/api/contract/recommendations.ts'],
    reads: (id, search) => {
      const previous = search.get('vs')
      return [id, ...(previous ? [previous] : [])].map((one) => endpointUrl(endpoints.getRecommendation, { id: one }))
    },
  },
  // The first page only: another page's number is read by the page's own schema, which a hint should not guess at.
  shortlists: { reads: (_, search) => (search.has('page') ? [] : [endpointUrl(endpoints.listRecommendations, {}, { page: 1, per_page: shortlistsPerPage })]) },
  project: { reads: (idOrKey) => [endpointUrl(endpoints.getProject, { id: idOrKey })] },
  sources: { reads: () => [endpointUrl(endpoints.listSources)] },
  'source-run': { reads: (id) => [endpointUrl(endpoints.getSourceRun, { id })] },
  beneficiary: { reads: (name) => [endpointUrl(endpoints.getBeneficiary, { name })] },
  'rating-method': { reads: () => [endpointUrl(endpoints.getRatingMethod)] },
}
