import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { endpoints, endpointUrl } from '../endpoints'
import { finalRunStates, sourceList, sourceRun, sourceRunPage, type Source, type SourceList, type SourceRunRequest } from '../contract/sources'

export const sourceQueries = {
  all: () => ['sources'] as const,
  list: () =>
    queryOptions({
      queryKey: [...sourceQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listSources), sourceList, { signal }),
    }),
}

const byId = (list: SourceList): ReadonlyMap<string, Source> => new Map(list.data.map((source) => [source.id, source]))

/** The catalog's sources by id, from the one query every view shares (kept between renders); null until it is in. */
export function useSourcesById(): ReadonlyMap<string, Source> | null {
  return useQuery({ ...sourceQueries.list(), select: byId }).data ?? null
}

/**
 * A source's name for its id ("Berkeley Voluntary Registry Offsets Database" for `src_vrod`); the id itself until the
 * catalog is in, or for a source it does not list.
 */
export function useSourceName(): (id: string) => string {
  const sources = useSourcesById()
  return (id) => sources?.get(id)?.name ?? id
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
