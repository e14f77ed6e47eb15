import type { ScoreComponents } from '../../api/contract/recommendations'
import { rankingWeights } from './method'
import type { Candidate } from './pool'

/** A source's contribution to freshness: full within its cadence, fading to nothing at four cadences old. */
export function cellFreshness(ageHours: number, cadenceHours: number): number {
  const cadences = ageHours / cadenceHours
  if (cadences <= 1) return 1
  return Math.max(0, 1 - (cadences - 1) / 3)
}

export function freshnessOf(candidate: Candidate, now: number): number {
  if (candidate.cells.length === 0) return 0
  const sum = candidate.cells.reduce((total, c) => total + cellFreshness((now - c.lastSuccess) / 3_600_000, c.cadenceHours), 0)
  return sum / candidate.cells.length
}

export function coBenefitMatch(candidate: Candidate, wanted: ReadonlySet<string>): number | null {
  if (wanted.size === 0) return null
  let met = 0
  for (const delivered of candidate.coBenefits) if (wanted.has(delivered)) met++
  return met / wanted.size
}

/** Cheaper is better among the candidates, on a log scale: prices span $1 to $1,000 a tonne. */
export function priceFit(price: number, range: { min: number; max: number }): number {
  if (range.max <= range.min) return 1
  return (Math.log(range.max) - Math.log(price)) / (Math.log(range.max) - Math.log(range.min))
}

export function scoreComponents(
  candidate: Candidate,
  wanted: ReadonlySet<string>,
  range: { min: number; max: number },
  now: number,
): ScoreComponents {
  return {
    quality: (candidate.qualityScore ?? 0) / 100,
    co_benefits: coBenefitMatch(candidate, wanted),
    price_fit: priceFit(candidate.price.value, range),
    freshness: freshnessOf(candidate, now),
  }
}

/** Weighted mean over the components that apply. */
export function totalScore(components: ScoreComponents): number {
  let weighted = 0
  let weights = 0
  for (const [name, weight] of Object.entries(rankingWeights) as [keyof ScoreComponents, number][]) {
    const value = components[name]
    if (value === null) continue
    weighted += weight * value
    weights += weight
  }
  return weights === 0 ? 0 : weighted / weights
}
