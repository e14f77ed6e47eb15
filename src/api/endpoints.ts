/**
 * Every endpoint's method and path, written once. The server registers its handlers on them, the OpenAPI document's
 * paths come from them (route-table.ts adds what each takes and answers), and the app builds its URLs with
 * `endpointUrl`. Kept apart from the schemas so a page's bundle carries the paths, not the whole contract.
 * Order matters where paths overlap: `/api/projects/facets` is matched before `/api/projects/{id}`, and
 * `/api/beneficiaries/decisions` before `/api/beneficiaries/{name}`.
 */
export interface Endpoint {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: `/api/${string}`
}

export const endpoints = {
  createRecommendation: { method: 'post', path: '/api/recommendations' },
  listRecommendations: { method: 'get', path: '/api/recommendations' },
  getRecommendation: { method: 'get', path: '/api/recommendations/{id}' },
  renameRecommendation: { method: 'patch', path: '/api/recommendations/{id}' },
  deleteRecommendation: { method: 'delete', path: '/api/recommendations/{id}' },
  getRecommendationPack: { method: 'get', path: '/api/recommendations/{id}/pack' },
  getRecommendationEvidence: { method: 'get', path: '/api/recommendations/{id}/evidence' },
  getRatingMethod: { method: 'get', path: '/api/rating-method' },
  listProjects: { method: 'get', path: '/api/projects' },
  listProjectFacets: { method: 'get', path: '/api/projects/facets' },
  getProjectCreditHistory: { method: 'get', path: '/api/projects/credit-history' },
  getProject: { method: 'get', path: '/api/projects/{id}' },
  getCatalogue: { method: 'get', path: '/api/catalogue' },
  batchSpotPrices: { method: 'get', path: '/api/connectors/marketsource/market/batch' },
  listSources: { method: 'get', path: '/api/sources' },
  uploadFile: { method: 'post', path: '/api/files' },
  getFile: { method: 'get', path: '/api/files/{id}' },
  createSourceRun: { method: 'post', path: '/api/source-runs' },
  listSourceRuns: { method: 'get', path: '/api/source-runs' },
  getSourceRun: { method: 'get', path: '/api/source-runs/{id}' },
  getCoverage: { method: 'get', path: '/api/coverage' },
  listCredits: { method: 'get', path: '/api/credits' },
  getCreditTotals: { method: 'get', path: '/api/credits/totals' },
  listCreditBeneficiaries: { method: 'get', path: '/api/credits/beneficiaries' },
  listBeneficiaryDecisions: { method: 'get', path: '/api/beneficiaries/decisions' },
  createBeneficiaryDecision: { method: 'post', path: '/api/beneficiaries/decisions' },
  exportBeneficiaryDecisions: { method: 'get', path: '/api/beneficiaries/decisions/export' },
  undoBeneficiaryDecision: { method: 'post', path: '/api/beneficiaries/decisions/{id}/undo' },
  getBeneficiary: { method: 'get', path: '/api/beneficiaries/{name}' },
} as const satisfies Record<string, Endpoint>

export type OperationId = keyof typeof endpoints

/** How prose names an endpoint: `GET /api/sources`. */
export const endpointName = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`

/** The names in a path's braces: `'/api/files/{id}'` → `'id'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never

type QueryValue = string | number | readonly (string | number)[] | undefined | null

/** Builds a query string; arrays repeat the parameter (`type=Wind&type=Hydropower`), empty values are left out. */
export function queryString(params: Record<string, QueryValue>) {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const v of value) search.append(name, String(v))
    else search.append(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** An endpoint's URL with its path parameters filled in (encoded) and an optional query. */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  ...[params, query]: PathParamName<E['path']> extends never
    ? [params?: Record<string, never>, query?: Record<string, QueryValue>]
    : [params: Record<PathParamName<E['path']>, string>, query?: Record<string, QueryValue>]
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]))
  return `${path}${query ? queryString(query) : ''}`
}
