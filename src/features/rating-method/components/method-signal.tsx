import type { RatingMethodSignal } from '../../../api/contract/rating-method'
import { formatPercent } from '../../../lib/format'
import { CitationLinks } from '../../../components/citation-links'
import { MethodRules, onThisPage } from './method-rules'
import { ScrollingTable } from '../../../components/scrolling-table'

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** One signal of the rating: what it measures, its weight, its values from evidence as a table, then its other rules. */
export function MethodSignal({ signal }: { signal: RatingMethodSignal }) {
  const titleId = `signal-${signal.key}`
  return (
    <section className="card method-signal" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {signal.label} <span className="muted">· weight {formatPercent(signal.weight)}</span>
      </h3>
      <p>{signal.description}</p>
      {signal.findings.length > 0 && (
        <ScrollingTable label={`${signal.label}: values from published evidence`}>
          <table className="method-findings">
            <caption>Values from published evidence, by kind of project (a project's type, exactly as spelled, falls under one kind at most)</caption>
            <thead>
              <tr>
                <th scope="col">Kind of project</th>
                {/* The value beside its kind: third, after the types, it began off a phone's screen. */}
                <th scope="col" className="numeric">
                  Value
                </th>
                <th scope="col">Types it takes in</th>
                <th scope="col">What the evidence says</th>
                <th scope="col">Evidence</th>
              </tr>
            </thead>
            <tbody>
              {signal.findings.map((finding) => (
                <tr key={finding.kind}>
                  <th scope="row">{finding.kind}</th>
                  <td className="numeric">{finding.value.toFixed(2)}</td>
                  <td>{finding.covers}</td>
                  <td>{sentence(finding.says)}</td>
                  <td>
                    <CitationLinks ids={finding.citations} href={onThisPage} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <MethodRules rules={signal.rules}>
        <li>
          Without evidence the signal is missing and counts as <strong>{signal.unknown_value.toFixed(2)}</strong>, the lowest
          value its rules give: unknown risk, never a reward.
        </li>
      </MethodRules>
    </section>
  )
}
