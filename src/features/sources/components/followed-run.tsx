import { useQuery } from '@tanstack/react-query'
import { isNotFoundError } from '../../../api/error-message'
import { sourceQueries } from '../../../api/queries/sources'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { useFollowedSourceRun } from '../api/use-followed-source-run'
import type { SourcesLinks } from '../lib/links'
import { RunStatus } from './run-status'

interface FollowedRunProps {
  runId: string
  links: SourcesLinks
  headingLevel?: 'h1' | 'h2'
  showLink?: boolean
}

/** A run by its id, followed live, with the loading and failure states around it. */
export function FollowedRun({ runId, links, headingLevel, showLink }: FollowedRunProps) {
  const run = useFollowedSourceRun(runId)
  const sources = useQuery(sourceQueries.list())
  // The source's name heads the run; waiting for it avoids a heading that changes under the reader.
  if (run.isPending || sources.isPending) return <Skeleton lines={4} label="Loading the run…" />
  if (run.isError) {
    if (isNotFoundError(run.error)) {
      return (
        <EmptyState title="No such run" headingLevel={headingLevel}>
          <p>
            There is no run <code>{runId}</code>. It may belong to another key.
          </p>
        </EmptyState>
      )
    }
    return <QueryError error={run.error} what="the run" onRetry={() => void run.refetch()} />
  }
  const sourceName = sources.data?.data.find((source) => source.id === run.data.source_id)?.name
  return (
    <RunStatus run={run.data} links={links} sourceName={sourceName} headingLevel={headingLevel} showLink={showLink} />
  )
}
