import type { QualityBreakdown } from '../../../api/contract/projects'
import { formatDate, formatNumber, formatPercent } from '../../../lib/format'
import { ScrollingTable } from '../../../components/scrolling-table'

/** The chart's numbers as a table, for screen readers and for anyone who wants to copy them. */
export function QualitySignalTable({ breakdown }: { breakdown: QualityBreakdown }) {
  return (
    <ScrollingTable labelledBy="quality-table-caption">
      <table className="quality-table">
        <caption id="quality-table-caption">Quality signals and their contribution to the composite score</caption>
        <thead>
          <tr>
            <th scope="col">Signal</th>
            <th scope="col" className="numeric">Value (0–1)</th>
            <th scope="col" className="numeric">Weight</th>
            <th scope="col" className="numeric">Points added</th>
            <th scope="col" className="source">Source</th>
            <th scope="col">As of</th>
            <th scope="col" className="evidence">Evidence</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.signals.map((signal) => {
            const missing = signal.status === 'missing' || signal.value === null
            return (
              <tr key={signal.key}>
                <th scope="row">{signal.label}</th>
                <td className="numeric">{missing ? `Missing, counted as ${formatNumber(signal.counted_value, 2)}` : formatNumber(signal.value, 2)}</td>
                <td className="numeric">{formatPercent(signal.weight)}</td>
                <td className="numeric">{formatNumber(signal.contribution, 1)}</td>
                <td className="source">{signal.source ?? 'None'}</td>
                <td className="as-of">{formatDate(signal.as_of)}</td>
                <td className="evidence">{signal.evidence}</td>
              </tr>
            )
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Composite</th>
            <td className="numeric" colSpan={3}>
              {breakdown.score === null ? 'Not rated' : `${formatNumber(breakdown.score, 1)} (${breakdown.grade})`}
            </td>
            <td colSpan={3}>Evidence backs {formatPercent(breakdown.rated_weight)} of the weight; missing signals count as unknown risk.</td>
          </tr>
        </tfoot>
      </table>
    </ScrollingTable>
  )
}
