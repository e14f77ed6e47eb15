import type { QualityGrade } from '../../api/contract/common'
import type { QualitySignalKey } from '../../api/contract/projects'
import { isSignalKey, signalDefinition, signalDefinitions } from './signals'
import { unknownRiskValue } from './unknown-risk'
import { percent } from '../core/percent'

export interface CompositeScore {
  /** 0–100 with one decimal; null when no signal is known. */
  score: number | null
  grade: QualityGrade | null
  /** Share of the weight backed by evidence: the sum of the weights of the signals that are known. */
  ratedWeight: number
  /** Points each signal adds to the score, a missing one at its unknown-risk value; they sum to the score. */
  contributions: Partial<Record<QualitySignalKey, number>>
}

/**
 * Weighted sum over every signal, on a 0–100 scale. A signal without evidence counts at its unknown-risk value
 * (the lowest the rules give it), never left out: leaving it out re-weighted the rest, so knowing less about a
 * project could lift its grade. A project with no signal known at all has no score.
 */
export function compositeScore(signals: readonly { key: string; value: number }[]): CompositeScore {
  const known = new Map<QualitySignalKey, number>()
  for (const { key, value } of signals) {
    if (isSignalKey(key) && !known.has(key) && Number.isFinite(value)) known.set(key, Math.min(1, Math.max(0, value)))
  }
  if (known.size === 0) return { score: null, grade: null, ratedWeight: 0, contributions: {} }

  const contributions: Partial<Record<QualitySignalKey, number>> = {}
  let total = 0
  let ratedWeight = 0
  for (const { key, weight } of signalDefinitions) {
    const value = known.get(key)
    if (value !== undefined) ratedWeight += weight
    const points = 100 * weight * (value ?? unknownRiskValue[key])
    contributions[key] = round(points, 2)
    total += points
  }
  const score = round(total, 1)
  return { score, grade: gradeFor(score), ratedWeight: round(ratedWeight, 4), contributions }
}

/** Letter grades on the scale raters publish (AAA … D). */
export const gradeThresholds: readonly (readonly [number, QualityGrade])[] = [
  [85, 'AAA'],
  [75, 'AA'],
  [65, 'A'],
  [55, 'BBB'],
  [45, 'BB'],
  [35, 'B'],
  [25, 'C'],
]

export function gradeFor(score: number | null): QualityGrade | null {
  if (score === null || !Number.isFinite(score)) return null
  for (const [threshold, grade] of gradeThresholds) if (score >= threshold) return grade
  return 'D'
}

/** How the composite was formed, in one sentence a buyer can forward. */
export function describeMethod(ratedWeight: number, missingKeys: readonly QualitySignalKey[]): string {
  const all = signalDefinitions.length
  if (missingKeys.length >= all) return 'No quality signal is known for this project, so no composite score is given.'
  if (missingKeys.length === 0) return `Weighted sum of all ${all} signals, each backed by evidence (weights sum to 100%).`
  const missing = missingKeys.map((key) => `${signalDefinition(key).label} (${unknownRiskValue[key].toFixed(2)})`).join(', ')
  return (
    `Weighted sum of all ${all} signals; evidence backs ${percent(ratedWeight)} of the weight. ` +
    `Without evidence, counted at the lowest value the rules give, as unknown risk: ${missing}.`
  )
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
