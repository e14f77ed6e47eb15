import type { Query, QueryClient } from '@tanstack/react-query'
import type { SourceRun } from '../../../api/contract/sources'
import { catalogueQueries } from '../../../api/queries/catalogue'
import { coverageQueries } from '../../../api/queries/coverage'
import { projectQueries } from '../../../api/queries/projects'
import { sourceQueries, sourceRunQueries } from '../../../api/queries/sources'

/** The price views keep their cache under this prefix; spot prices are `['prices', 'spot', key]`. */
const pricesKey = ['prices'] as const
const marketConnector = 'marketsource'

const isRunDetail = (query: Query, runId: string) => query.queryKey[1] === 'detail' && query.queryKey[2] === runId

/**
 * Whether a cached project-detail or spot-price entry concerns one of the run's projects, by key or by id.
 * The API writes a run's keys in capitals; a page may have been opened as `/projects/vcs191`.
 */
function concernsProjects(query: Query, keys: ReadonlySet<string>) {
  const id = query.queryKey[2]
  if (typeof id === 'string' && keys.has(id.toUpperCase())) return true
  const data = query.state.data as { key?: unknown } | undefined
  return typeof data?.key === 'string' && keys.has(data.key.toUpperCase())
}

/**
 * A run reached its end: the views that show what it touched read the shared cache again. The run's own detail
 * is left alone, since it has just been answered. A simulated (sandbox) run changed nothing, so only the runs
 * list learns of it.
 */
export function refreshAfterRun(queryClient: QueryClient, run: SourceRun): Promise<unknown> {
  const work: Promise<unknown>[] = [
    queryClient.invalidateQueries({ queryKey: sourceRunQueries.all(), predicate: (q) => !isRunDetail(q, run.id) }),
  ]
  if (!run.simulated) work.push(queryClient.invalidateQueries({ queryKey: sourceQueries.all() }))
  if (run.simulated || run.state !== 'succeeded') return Promise.all(work)

  work.push(queryClient.invalidateQueries({ queryKey: coverageQueries.all() }))
  // An import may have replaced a synthetic catalogue with real projects: the shell's notice asks again.
  work.push(queryClient.invalidateQueries({ queryKey: catalogueQueries.all() }))
  const keys = run.project_keys?.length ? new Set(run.project_keys.map((key) => key.toUpperCase())) : null
  if (keys) {
    work.push(
      queryClient.invalidateQueries({
        queryKey: projectQueries.all(),
        predicate: (q) => q.queryKey[1] !== 'detail' || concernsProjects(q, keys),
      }),
    )
  } else {
    work.push(queryClient.invalidateQueries({ queryKey: projectQueries.all() }))
  }
  if (run.connector === marketConnector) {
    work.push(
      queryClient.invalidateQueries({
        queryKey: pricesKey,
        predicate: (q) => !keys || q.queryKey[1] !== 'spot' || concernsProjects(q, keys),
      }),
    )
  }
  return Promise.all(work)
}
