import type { ScoreComponents } from '../../../api/contract/recommendations'
import { formatPercent } from '../../../lib/format'

export const scoreComponentLabels: Record<keyof ScoreComponents, string> = {
  quality: 'Quality',
  // The share of the brief's co-benefits it delivers: "Co-benefits" alone read as a verdict on the project, beside its
  // quality signal "Co-benefits & safeguards" that may say it lists none.
  co_benefits: 'Co-benefit match',
  price_fit: 'Price fit',
  freshness: 'Freshness',
}
const order = Object.keys(scoreComponentLabels) as (keyof ScoreComponents)[]

/**
 * Each part of a project's score as a number with a bar beside it. The numbers carry the meaning; the
 * bars only help the eye compare rows, so they are hidden from assistive technology.
 */
export function ScoreBars({ components }: { components: ScoreComponents }) {
  return (
    <dl className="score-bars">
        {order.map((key) => {
          const value = components[key]
          return (
            <div key={key} className="score-bar">
              <dt>{scoreComponentLabels[key]}</dt>
              <dd>
                <span className="bar" aria-hidden="true">
                  <span className="bar-fill" style={{ width: `${Math.round((value ?? 0) * 100)}%` }} />
                </span>
                <span className="bar-value">{value === null ? 'not asked' : formatPercent(value)}</span>
              </dd>
            </div>
          )
        })}
    </dl>
  )
}
