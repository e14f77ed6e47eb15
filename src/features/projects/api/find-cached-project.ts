import type { QueryClient } from '@tanstack/react-query'
import type { ProjectPage, ProjectSummary } from '../../../api/contract/projects'
import { projectQueries } from '../../../api/queries/projects'

/**
 * The project as a list already showed it, found by ID or key in any cached page of the browser, so its page
 * can show the header at once while the full detail loads.
 */
export function findCachedProject(queryClient: QueryClient, idOrKey: string): ProjectSummary | undefined {
  const key = idOrKey.toUpperCase()
  const pages = queryClient.getQueriesData<ProjectPage>({ queryKey: [...projectQueries.all(), 'list'] })
  for (const [, page] of pages) {
    const hit = page?.data.find((project) => project.id === idOrKey || project.key.toUpperCase() === key)
    if (hit) return hit
  }
  return undefined
}
