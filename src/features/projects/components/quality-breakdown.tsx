import { Link } from 'react-router-dom'
import type { QualityBreakdown as Breakdown } from '../../../api/contract/projects'
import { formatPercent } from '../../../lib/format'
import { formatScore } from '../../../lib/format-score'
import type { ProjectLinks } from '../lib/links'
import '../../../components/badges.css'
import { QualitySignalBar } from './quality-signal-bar'
import { QualitySignalTable } from './quality-signal-table'

/**
 * How the composite score was formed. Each bar's length is the signal's weight and its filled part the
 * signal's value, so the filled length is what the signal adds to the composite; a missing signal is said to be
 * missing and hatched at the unknown-risk value the composite counts it at.
 */
export function QualityBreakdown({ breakdown, links }: { breakdown: Breakdown; links: ProjectLinks }) {
  const maxWeight = Math.max(...breakdown.signals.map((signal) => signal.weight), Number.EPSILON)
  return (
    <section className="card quality-breakdown" aria-labelledby="quality-heading">
      <h2 id="quality-heading">Quality</h2>
      <div className="quality-composite">
        {breakdown.score === null ? (
          <p>
            <strong>Not rated.</strong> No quality signal is known for this project yet.
          </p>
        ) : (
          <p>
            {breakdown.grade && <span className={`grade grade-${breakdown.grade.charAt(0)}`}>{breakdown.grade}</span>}
            <span>
              Composite score <strong>{formatScore(breakdown.score)}</strong> out of 100 · evidence backs{' '}
              <strong>{formatPercent(breakdown.rated_weight)}</strong> of the weight
            </span>
          </p>
        )}
        <p className="muted">{breakdown.method}</p>
        <p>
          <Link to={links.ratingMethod()}>How the rating is formed</Link>: every signal's rules, weights and the
          published evidence they cite.
        </p>
      </div>
      <p className="quality-legend muted">
        Each bar is as long as the signal’s weight; the filled part is its value (0 = high risk, 1 = low risk), and it
        adds 100 × weight × value points; the points add up to the score. A missing signal is hatched: with no evidence
        it counts at the lowest value its rules give, as unknown risk, never as no risk.
      </p>
      <ul className="signal-chart">
        {breakdown.signals.map((signal) => (
          <QualitySignalBar key={signal.key} signal={signal} maxWeight={maxWeight} links={links} />
        ))}
      </ul>
      <details className="quality-table-toggle">
        <summary>Show the numbers as a table</summary>
        <QualitySignalTable breakdown={breakdown} />
      </details>
    </section>
  )
}

