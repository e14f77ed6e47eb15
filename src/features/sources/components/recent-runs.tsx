import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Source } from '../../../api/contract/sources'
import { EmptyState } from '../../../components/empty-state'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { formatCount, formatDateTime, formatNumber } from '../../../lib/format'
import { recentRunsOptions } from '../api/recent-runs-options'
import { runStateLabels, runStateTones } from '../lib/labels'
import type { SourcesLinks } from '../lib/links'
import { StateBadge } from './state-badge'
import { ScrollingTable } from '../../../components/scrolling-table'

interface RecentRunsProps {
  sources: Source[]
  links: SourcesLinks
}

/** The latest runs of every source, newest first, each linking to its own page. */
export function RecentRuns({ sources, links }: RecentRunsProps) {
  const runs = useQuery(recentRunsOptions())
  const names = new Map(sources.map((source) => [source.id, source.name]))

  let body
  if (runs.isPending) body = <TableSkeleton rows={4} cols={6} label="Loading recent runs…" />
  else if (runs.isError) body = <QueryError error={runs.error} what="the recent runs" onRetry={() => void runs.refetch()} />
  else if (runs.data.data.length === 0) body = <EmptyState title="No runs yet">Start one with the form above.</EmptyState>
  else
    body = (
      <ScrollingTable label="Runs, newest first, scrollable">
        <table className="cards-on-phone">
          <caption className="visually-hidden">
            {runs.data.data.length === runs.data.total
              ? `Every run: ${formatCount(runs.data.total, 'run')}`
              : `The ${formatCount(runs.data.data.length, 'most recent run')} of ${formatNumber(runs.data.total)}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Source</th>
              <th scope="col">State</th>
              <th scope="col">Projects asked for</th>
              <th scope="col" className="numeric">
                Processed
              </th>
              <th scope="col">Requested</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.data.map((run) => (
              <tr key={run.id}>
                <th scope="row">
                  <Link to={links.sourceRun(run.id)}>
                    <code>{run.id}</code>
                  </Link>
                </th>
                <td data-label="Source">{names.get(run.source_id) ?? run.source_id}</td>
                <td data-label="State">
                  <span className="run-state-cell">
                    <StateBadge tone={runStateTones[run.state]}>{runStateLabels[run.state]}</StateBadge>
                    {run.simulated && <span className="badge state-badge state-badge-simulated">Simulated</span>}
                  </span>
                </td>
                {/* What the run was asked for, whatever came of it: "All covered" beside a failed run read as its outcome. */}
                <td data-label="Projects asked for">{run.project_keys?.length ? `${formatNumber(run.project_keys.length)} listed` : 'All'}</td>
                <td className="numeric" data-label="Processed">
                  {formatNumber(run.progress.processed)}
                </td>
                <td data-label="Requested">{formatDateTime(run.created_at)}</td>
                <td data-label="Finished">{run.finished_at ? formatDateTime(run.finished_at) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    )

  return (
    <section aria-labelledby="recent-runs-title">
      <h2 id="recent-runs-title">Recent runs</h2>
      {body}
    </section>
  )
}
