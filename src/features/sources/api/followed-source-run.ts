import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { isFinalRunState, sourceRunQueries } from '../../../api/queries/sources'
import { refreshAfterRun } from './refresh-after-run'
import { sourceRunPollInterval } from './run-polling'

/**
 * The shared run detail, followed live: polled until the run ends, and when an answer shows it has just ended,
 * the views that depend on it are refreshed. The end is noticed where the answer arrives rather than in a
 * component, so it happens once however many views show the run.
 */
export function followedSourceRunOptions(queryClient: QueryClient, id: string) {
  const detail = sourceRunQueries.detail(id)
  const fetchRun = detail.queryFn
  if (!fetchRun) throw new Error('sourceRunQueries.detail lost its query function')
  return queryOptions({
    ...detail,
    queryFn: async (context) => {
      const before = queryClient.getQueryData(detail.queryKey)
      const run = await fetchRun(context)
      if (before && !isFinalRunState(before.state) && isFinalRunState(run.state)) void refreshAfterRun(queryClient, run)
      return run
    },
    refetchInterval: sourceRunPollInterval,
    // A run in progress is always worth asking about again; a finished one never changes.
    staleTime: (query) => (query.state.data && isFinalRunState(query.state.data.state) ? Infinity : 0),
  })
}
