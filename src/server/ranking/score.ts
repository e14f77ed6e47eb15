import type { ScoreComponents } from '../../api/contract/recommendations'
import { rankingWeights } from './method'
import type { Candidate } from './pool'

/** A source's contribution to freshness: full within its cadence, fading to nothing at four cadences old. */
export function cellFreshness(ageHours: number, cadenceHours: number): number {
  const cadences = ageHours / cadenceHours
  if (cadences <= 1) return 1
  return Math.max(0, 1 - (cadences - 1) / 3)
}

/**
 * Freshness moves on the scale of a source's cadence (hours to days); a value computed within the last minute
 * is kept with the candidate, so the brief after a brief does not walk every source of every project again.
 */
const freshnessReuseMs = 60_000

export function freshnessOf(candidate: Candidate, now: number): number {
  const kept = candidate.freshness
  if (kept && Math.abs(now - kept.at) < freshnessReuseMs) return kept.value
  let value = 0
  if (candidate.cells.length > 0) {
    for (const cell of candidate.cells) value += cellFreshness((now - cell.lastSuccess) / 3_600_000, cell.cadenceHours)
    value /= candidate.cells.length
  }
  candidate.freshness = { at: now, value }
  return value
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
  return weightedMean(components.quality, components.co_benefits, components.price_fit, components.freshness)
}

/**
 * A candidate's score without its components as an object: it runs for every candidate of every brief, and
 * thousands of short-lived objects a brief kept the collector busy under load. Only the shortlist keeps them.
 */
export function candidateScore(candidate: Candidate, wanted: ReadonlySet<string>, range: { min: number; max: number }, now: number): number {
  return weightedMean(
    (candidate.qualityScore ?? 0) / 100,
    coBenefitMatch(candidate, wanted),
    priceFit(candidate.price.value, range),
    freshnessOf(candidate, now),
  )
}

function weightedMean(quality: number, coBenefits: number | null, priceFitValue: number, freshness: number): number {
  const w = rankingWeights
  let weighted = w.quality * quality + w.price_fit * priceFitValue + w.freshness * freshness
  let weights = w.quality + w.price_fit + w.freshness
  if (coBenefits !== null) {
    weighted += w.co_benefits * coBenefits
    weights += w.co_benefits
  }
  return weighted / weights
}
