import type { QualityGrade } from '../../api/contract/common'
import type { QualitySignalKey } from '../../api/contract/projects'
import { isSignalKey, signalDefinition, signalDefinitions } from './signals'

export interface CompositeScore {
  /** 0–100 with one decimal; null when no signal is known. */
  score: number | null
  grade: QualityGrade | null
  /** Sum of the weights of the signals that are known. */
  weightsPresent: number
  /** Points each known signal adds to the score; they sum to the score (up to rounding). */
  contributions: Partial<Record<QualitySignalKey, number>>
}

/**
 * Weighted mean over the signals that are known, renormalised by their weights. A missing signal is left
 * out rather than guessed, so the score of a project with fewer signals rests on less evidence, which the
 * breakdown states.
 */
export function compositeScore(signals: readonly { key: string; value: number }[]): CompositeScore {
  const known = new Map<QualitySignalKey, number>()
  for (const { key, value } of signals) {
    if (isSignalKey(key) && !known.has(key) && Number.isFinite(value)) known.set(key, Math.min(1, Math.max(0, value)))
  }
  let weightsPresent = 0
  for (const key of known.keys()) weightsPresent += signalDefinition(key).weight
  if (known.size === 0 || weightsPresent <= 0) return { score: null, grade: null, weightsPresent: 0, contributions: {} }

  const contributions: Partial<Record<QualitySignalKey, number>> = {}
  let total = 0
  for (const [key, value] of known) {
    const points = (100 * signalDefinition(key).weight * value) / weightsPresent
    contributions[key] = round(points, 2)
    total += points
  }
  const score = round(total, 1)
  return { score, grade: gradeFor(score), weightsPresent: round(weightsPresent, 4), contributions }
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
export function describeMethod(weightsPresent: number, missingKeys: readonly QualitySignalKey[]): string {
  const all = signalDefinitions.length
  const present = all - missingKeys.length
  if (present <= 0) return 'No quality signal is known for this project, so no composite score is given.'
  if (missingKeys.length === 0) return `Weighted mean of all ${all} signals (weights sum to 1.00).`
  const missing = missingKeys.map((key) => signalDefinition(key).label).join(', ')
  return `Weighted mean of ${present} of ${all} signals (weights present ${weightsPresent.toFixed(2)}, renormalised); missing: ${missing}.`
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
