import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { parseBrowserSearch, serializeBrowserSearch, withoutFilters, type BrowserSearch } from '../browser-search'

/**
 * Reads the browser's state from the URL and writes changes back as new history entries, so back and forward
 * step through them. Any change but a page change starts again at page 1.
 */
export function useBrowserSearch() {
  const [params, setParams] = useSearchParams()
  const search = useMemo(() => parseBrowserSearch(params), [params])

  const update = useCallback(
    (patch: Partial<BrowserSearch>) =>
      setParams((previous) => serializeBrowserSearch({ ...parseBrowserSearch(previous), page: 1, ...patch })),
    [setParams],
  )
  const clearFilters = useCallback(
    () => setParams((previous) => serializeBrowserSearch(withoutFilters(parseBrowserSearch(previous)))),
    [setParams],
  )
  return { search, update, clearFilters }
}
