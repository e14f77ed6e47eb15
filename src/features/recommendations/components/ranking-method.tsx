import type { Recommendation } from '../../../api/contract/recommendations'
import { formatNumber, formatPercent } from '../../../lib/format'
import { scoreComponentLabels } from './score-bars'

interface RankingMethodProps {
  method: Recommendation['method']
  candidatesConsidered: number
}

/**
 * How the ranking was made, so the shortlist can be defended: method, weights and hard filters. The weights shown are
 * those the brief's scores were worked out by (`applied_weights`): a brief that asks for no co-benefits shares theirs
 * among the others ("Score 67%" beside 45% of 78% and 20% of 72% read as 50.5%). A shortlist ranked before the API
 * said so shows the method's own.
 */
export function RankingMethod({ method, candidatesConsidered }: RankingMethodProps) {
  const applied = method.applied_weights ?? method.weights
  const shared = applied.co_benefits === 0 && method.weights.co_benefits > 0
  const weights = (Object.entries(applied) as [keyof typeof scoreComponentLabels, number][]).filter(([key, weight]) => !(shared && key === 'co_benefits' && weight === 0))
  return (
    <section className="ranking-method card" aria-labelledby="method-title">
      <h2 id="method-title">How this shortlist was ranked</h2>
      <p>
        Method <code>{method.version}</code>. {method.description}
      </p>
      <p className="muted">{formatNumber(candidatesConsidered)} {candidatesConsidered === 1 ? 'project' : 'projects'} passed the brief's hard filters and{' '}
        {candidatesConsidered === 1 ? 'was' : 'were'} ranked.</p>
      <h3>Weights</h3>
      {shared && (
        <p className="muted">
          The brief asks for no co-benefits, so they are not weighed: their {formatPercent(method.weights.co_benefits)} is shared among the others in
          proportion.
        </p>
      )}
      <ul className="weights">
        {weights.map(([key, weight]) => (
          <li key={key}>
            {scoreComponentLabels[key] ?? key}: <strong>{formatPercent(weight)}</strong>
          </li>
        ))}
      </ul>
      {method.hard_filters.length > 0 && (
        <>
          <h3>Hard filters</h3>
          <ul>
            {method.hard_filters.map((filter, index) => (
              <li key={index}>{filter}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
