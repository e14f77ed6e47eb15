import type { Recommendation } from '../../../api/contract/recommendations'
import { formatNumber, formatPercent } from '../../../lib/format'
import { scoreComponentLabels } from './score-bars'

interface RankingMethodProps {
  method: Recommendation['method']
  candidatesConsidered: number
}

/** How the ranking was made, so the shortlist can be defended: method, weights and hard filters. */
export function RankingMethod({ method, candidatesConsidered }: RankingMethodProps) {
  const weights = Object.entries(method.weights) as [keyof typeof scoreComponentLabels, number][]
  return (
    <section className="ranking-method card" aria-labelledby="method-title">
      <h2 id="method-title">How this shortlist was ranked</h2>
      <p>
        Method <code>{method.version}</code>. {method.description}
      </p>
      <p className="muted">{formatNumber(candidatesConsidered)} {candidatesConsidered === 1 ? 'project' : 'projects'} passed the brief's hard filters and{' '}
        {candidatesConsidered === 1 ? 'was' : 'were'} ranked.</p>
      <h3>Weights</h3>
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
