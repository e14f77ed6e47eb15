import type { Recommendation } from '../../../api/contract/recommendations'
import { formatNumber, formatPercent } from '../../../lib/format'
import { scoreComponentLabels } from './score-bars'

interface RankingMethodProps {
  method: Recommendation['method']
  candidatesConsidered: number
  /** Whether the brief asked for co-benefits: where it did not, their weight is shared among the others. */
  coBenefitsAsked: boolean
}

/**
 * How the ranking was made, so the shortlist can be defended: method, weights and hard filters. A brief that asks for
 * no co-benefits is not ranked on them: the weights it was ranked by are the others' in proportion, and are the ones
 * shown, so a score can be worked out again from its parts ("Score 67%" beside 45% of 78% and 20% of 72% read as 50.5%).
 */
export function RankingMethod({ method, candidatesConsidered, coBenefitsAsked }: RankingMethodProps) {
  const stated = Object.entries(method.weights) as [keyof typeof scoreComponentLabels, number][]
  const counted = stated.filter(([key]) => coBenefitsAsked || key !== 'co_benefits')
  const whole = counted.reduce((total, [, weight]) => total + weight, 0)
  const weights = counted.map(([key, weight]) => [key, weight / whole] as const)
  return (
    <section className="ranking-method card" aria-labelledby="method-title">
      <h2 id="method-title">How this shortlist was ranked</h2>
      <p>
        Method <code>{method.version}</code>. {method.description}
      </p>
      <p className="muted">{formatNumber(candidatesConsidered)} {candidatesConsidered === 1 ? 'project' : 'projects'} passed the brief's hard filters and{' '}
        {candidatesConsidered === 1 ? 'was' : 'were'} ranked.</p>
      <h3>Weights</h3>
      {!coBenefitsAsked && (
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
