import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { CreditKindCell } from '../../../components/credit-kind-cell'
import { isRetiring } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { formatDate, formatNumber, missingValue } from '../../../lib/format'
import { ScrollingTable } from '../../../components/scrolling-table'

const shown = 10

/**
 * The project's newest registry records (issuances, retirements, cancellations) and who its credits were retired
 * for, with the way to all of them in the Credits view. Shown only once a registry's export has brought some in.
 */
export function ProjectRecords({ projectKey, creditsHref }: { projectKey: string; creditsHref: (projectKey: string) => string }) {
  const records = useQuery(creditQueries.list({ project: projectKey, per_page: shown }))
  if (records.isPending) {
    return (
      <section className="card project-records" aria-label="Registry records">
        <Skeleton lines={4} label="Loading the registry records…" />
      </section>
    )
  }
  if (records.isError) return <QueryError error={records.error} what="the registry records" onRetry={() => void records.refetch()} />
  const page = records.data
  if (page.total === 0) return null
  return (
    <section className="card project-records" aria-labelledby="project-records-title">
      <h2 id="project-records-title">Registry records</h2>
      <p className="muted">
        {page.total_estimated ? 'About ' : ''}
        {formatNumber(page.total)} record{page.total === 1 ? '' : 's'} from the registry&apos;s own exports, newest first.{' '}
        <Link to={creditsHref(projectKey)}>All of them in Credits</Link>
      </p>
      <ScrollingTable label="Registry records, scrollable">
        <table>
          <caption className="visually-hidden">The newest {Math.min(shown, page.total)} registry records of {projectKey}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Record</th>
              <th scope="col" className="numeric">
                Credits (tCO2e)
              </th>
              <th scope="col">Vintage</th>
              <th scope="col">Retired for</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((record) => (
              <tr key={record.id}>
                <td>{record.date ? formatDate(record.date) : missingValue}</td>
                <td>
                  <CreditKindCell record={record} />
                </td>
                <td className="numeric">{formatNumber(record.quantity, 3)}</td>
                <td>{record.vintage ?? missingValue}</td>
                <td>{isRetiring(record.kind) ? (record.beneficiary ?? 'Not named') : missingValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  )
}
