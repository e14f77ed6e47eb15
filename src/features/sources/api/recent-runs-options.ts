import { queryOptions } from '@tanstack/react-query'
import { isFinalRunState, sourceRunQueries } from '../../../api/queries/sources'

export const recentRunsPerPage = 20
const activeListPollMs = 2_000

/** The latest runs; while one of them is under way the list keeps asking, so its state moves on screen. */
export function recentRunsOptions() {
  return queryOptions({
    ...sourceRunQueries.list({ per_page: recentRunsPerPage }),
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => !isFinalRunState(run.state)) ? activeListPollMs : false,
  })
}
