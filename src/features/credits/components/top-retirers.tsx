import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { CreditFilter } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'
import { QueryError } from '../../../components/query-error'
import { formatNumber } from '../../../lib/format'
import { formatNumbersAlike } from '../lib/figures-alike'
import { creditsSearchParams, type CreditFilterName } from '../lib/credits-search'
import type { CreditsLinks } from '../lib/links'
import { ScrollingTable } from '../../../components/scrolling-table'

const shown = 10

/**
 * Who credits were retired for under the page's filters (its kind aside: only retirements name someone), largest
 * first; each name opens its beneficiary's page, and its count of records narrows the records to it.
 */
export function TopRetirers({ filter, values, links }: { filter: CreditFilter; values: Partial<Record<CreditFilterName, string>>; links: CreditsLinks }) {
  const { kind: _kind, ...retiring } = filter
  const top = useQuery(creditQueries.beneficiaries({ ...retiring, limit: shown }))
  if (top.isError) return <QueryError error={top.error} what="the top retirers" onRetry={() => void top.refetch()} />
  if (!top.data || top.data.data.length === 0) return null
  const quantities = formatNumbersAlike(top.data.data.map((b) => b.quantity), 3)
  return (
    <ScrollingTable className="top-retirers" label="Top retirers, scrollable">
      <table className="cards-on-phone">
        <caption>
          Top retirers{filter.beneficiary ? ` matching “${filter.beneficiary}”` : ''}: who credits were retired for, largest first
          {filter.kind ? ' (the Kind filter aside: only a retirement names whom it was for)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Retired for</th>
            <th scope="col" className="numeric">
              Credits (tCO2e)
            </th>
            <th scope="col" className="numeric">
              Records
            </th>
            <th scope="col" className="numeric">
              Projects
            </th>
          </tr>
        </thead>
        <tbody>
          {top.data.data.map((b, i) => (
            <tr key={b.name}>
              <th scope="row">
                <Link to={links.beneficiary(b.name)}>{b.name}</Link>
              </th>
              {/* Each to as many decimals as the row that needs most (Isometric's thousandths), so the column lines up. */}
              <td className="numeric" data-label="Credits (tCO2e)">{quantities[i]}</td>
              <td className="numeric" data-label="Records">
                <Link to={`?${creditsSearchParams({ ...values, beneficiary: b.name, kind: undefined }).toString()}`} aria-label={`${formatNumber(b.records)} ${b.records === 1 ? 'record' : 'records'} of ${b.name}`}>
                  {formatNumber(b.records)}
                </Link>
              </td>
              <td className="numeric" data-label="Projects">{formatNumber(b.projects)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  )
}
