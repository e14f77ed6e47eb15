import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { projectQueries } from '../../../api/queries/projects'
import {
  parseBrowserSearch,
  serializeBrowserSearch,
  toListQuery,
  toProjectFilters,
  withoutFilters,
  type BrowserSearch,
} from '../lib/browser-search'

/**
 * Reads the browser's state from the URL and writes changes back as new history entries, so back and forward
 * step through them. Any change but a page change starts again at page 1.
 */
export function useBrowserSearch() {
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const search = useMemo(() => parseBrowserSearch(params), [params])

  const go = useCallback(
    (next: BrowserSearch) => {
      // The requests leave now, while the router and React are still busy with the new URL.
      void queryClient.prefetchQuery(projectQueries.list(toListQuery(next)))
      void queryClient.prefetchQuery(projectQueries.facets(toProjectFilters(next)))
      void queryClient.prefetchQuery(projectQueries.creditHistory(toProjectFilters(next)))
      setParams(serializeBrowserSearch(next))
    },
    [queryClient, setParams],
  )
  const update = useCallback((patch: Partial<BrowserSearch>) => go({ ...search, page: 1, ...patch }), [go, search])
  const clearFilters = useCallback(() => go(withoutFilters(search)), [go, search])
  return { search, update, clearFilters }
}
