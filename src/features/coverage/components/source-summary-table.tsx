import type { CoverageSource } from '../../../api/contract/coverage'
import { freshnessNames, freshnessStates } from '../../../api/project-labels'
import { formatNumber } from '../../../lib/format'
import { cadenceLabel } from '../../../lib/format-age'
import { ScrollingTable } from '../../../components/scrolling-table'

interface SourceSummaryTableProps {
  sources: CoverageSource[]
  /** How many stale cells of each source are on the map (the loaded rows), by source index. */
  staleOnMap: number[]
  onSelectStale: (column: number) => void
}

/** The heatmap in numbers: per source, how many projects are fresh, stale or missing under these filters. */
export function SourceSummaryTable({ sources, staleOnMap, onSelectStale }: SourceSummaryTableProps) {
  return (
    <ScrollingTable label="Freshness by source, scrollable">
      <table className="coverage-summary">
        <caption>Freshness by source</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Expected</th>
            {freshnessStates.map((state) => (
              <th key={state} scope="col" className="numeric">
                {freshnessNames[state]}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source, column) => (
            <tr key={source.id}>
              <th scope="row">{source.name}</th>
              <td>{cadenceLabel(source.cadence_hours)}</td>
              <td className="numeric">{formatNumber(source.summary.fresh)}</td>
              <td className="numeric">{formatNumber(source.summary.stale)}</td>
              <td className="numeric">{formatNumber(source.summary.missing)}</td>
              <td>
                {/* Where nothing is stale, said in words: a greyed button says nothing of why, and Tab passes it by. */}
                {staleOnMap[column] === 0 ? (
                  <span className="muted">{source.summary.stale > 0 ? 'None stale on the map' : 'None stale'}</span>
                ) : (
                  <button type="button" className="button-small" onClick={() => onSelectStale(column)} aria-label={`Select stale cells of ${source.name}`}>
                    Select stale cells
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  )
}
