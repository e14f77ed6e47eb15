import type { QueryClient } from '@tanstack/react-query'
import type { ProjectFilters, ProjectSummary } from '../../../api/contract/projects'
import { projectQueries } from '../../../api/queries/projects'

export const exportPageSize = 200

interface FetchAllOptions {
  onProgress: (loaded: number, total: number) => void
  signal: AbortSignal
}

/**
 * Every project the filters select, fetched a page of 200 at a time through the shared list query, so pages
 * already seen come from the cache. The sort is kept: ties are broken by key, so pages neither overlap nor skip.
 */
export async function fetchAllProjects(
  queryClient: QueryClient,
  filters: ProjectFilters,
  sort: string,
  { onProgress, signal }: FetchAllOptions,
): Promise<ProjectSummary[]> {
  const projects: ProjectSummary[] = []
  for (let page = 1; ; page++) {
    signal.throwIfAborted()
    const options = projectQueries.list({ ...filters, sort, page, per_page: exportPageSize })
    const stop = () => void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true })
    signal.addEventListener('abort', stop, { once: true })
    try {
      const result = await queryClient.fetchQuery({ ...options, staleTime: 60_000 })
      signal.throwIfAborted()
      projects.push(...result.data)
      onProgress(projects.length, result.total)
      if (result.data.length < exportPageSize || projects.length >= result.total) return projects
    } finally {
      signal.removeEventListener('abort', stop)
    }
  }
}
