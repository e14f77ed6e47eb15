import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { finalRunStates, sourceList, sourceRun, sourceRunPage, type SourceRunRequest } from '../contract/sources'

export const sourceQueries = {
  all: () => ['sources'] as const,
  list: () =>
    queryOptions({
      queryKey: [...sourceQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listSources), sourceList, { signal }),
    }),
}

/**
 * A source's name for its id ("Berkeley Voluntary Registry Offsets Database" for `src_vrod`), from the catalog
 * every view shares; the id itself until the catalog is in, or for a source it does not list.
 */
export function useSourceName(): (id: string) => string {
  const sources = useQuery(sourceQueries.list())
  return (id) => sources.data?.data.find((source) => source.id === id)?.name ?? id
}

/** A registry source's registry code (`GS` for `src_gold_standard`), from the catalog every view shares; null for others. */
export function useSourceRegistry(): (id: string) => string | null {
  const sources = useQuery(sourceQueries.list())
  return (id) => sources.data?.data.find((source) => source.id === id)?.registry ?? null
}

/** The registries whose exports a source of the catalog imports (its `accepts_files`), once the catalog is in; null until then. */
export function useImportedRegistries(): ReadonlySet<string> | null {
  const sources = useQuery(sourceQueries.list())
  return sources.data ? new Set(sources.data.data.flatMap((source) => (source.registry && source.accepts_files ? [source.registry] : []))) : null
}

export const sourceRunQueries = {
  all: () => ['source-runs'] as const,
  list: (query: { source?: string; state?: string; page?: number; per_page?: number } = {}) =>
    queryOptions({
      queryKey: [...sourceRunQueries.all(), 'list', query] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listSourceRuns, {}, query), sourceRunPage, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...sourceRunQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getSourceRun, { id }), sourceRun, { signal }),
    }),
}

export const isFinalRunState = (state: string) => (finalRunStates as readonly string[]).includes(state)

/** The idempotency key travels with the submission, so a retry of the same submission cannot start a second run. */
export async function startSourceRun(request: SourceRunRequest, idempotencyKey: string) {
  return (
    await apiRequest(endpointUrl(endpoints.createSourceRun), sourceRun, {
      method: 'POST',
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    })
  ).data
}
