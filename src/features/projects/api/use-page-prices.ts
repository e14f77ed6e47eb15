import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ProjectSummary } from '../../../api/contract/projects'
import { spotPriceQueries } from '../../../api/queries/spot-prices'

/**
 * Asks for the spot prices of every project on the page at once, so the batcher sends them in one request
 * (per 100 keys) and rows scrolled into view later find their price already cached.
 */
export function usePagePrices(projects: readonly ProjectSummary[] | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!projects) return
    for (const project of projects) void queryClient.prefetchQuery(spotPriceQueries.byKey(project.key))
  }, [projects, queryClient])
}
