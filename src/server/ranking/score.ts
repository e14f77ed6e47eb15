import type { ScoreComponents } from '../../api/contract/recommendations'
import { freshnessCredit, hoursSince } from '../catalogue/freshness'
import { freshnessConcern, isDerived, type FreshnessConcern } from '../sources/source-list'
import { countedWeight, rankingWeights } from './ranking-method'
import { coBenefitBit, type CandidatePool } from './pool'
import type { ScratchSpace } from './scratch'

/**
 * Freshness moves on the scale of a source's cadence (hours to days): the pool's freshness column is computed
 * in one pass over every candidate's sources and kept for a minute, so the brief after a brief reads it.
 */
const freshnessReuseMs = 60_000

/**
 * Every candidate's freshness as of `now`, a column at a time: what its sources tell (`freshnessConcern`: its credits,
 * its price), each as fresh as the freshest source telling it (`freshnessCredit`), then the mean over the things told;
 * 0 when no source covers it. A second source of the same thing never makes a project less fresh: as a plain mean of
 * its sources, a Verra export newer than Berkeley's count but old against Verra's daily cadence halved the freshness
 * of the projects it updated, and moved them down the shortlist (credence-rank/5).
 */
export function freshnessAt(pool: CandidatePool, now: number): Float64Array {
  const kept = pool.freshness
  if (Math.abs(now - kept.at) < freshnessReuseMs) return kept.values
  const { coverage, sources } = pool.catalogue
  // Per thing told, each candidate's freshest credit from the sources telling it; -1 where none tells it.
  const freshest = new Map<FreshnessConcern, Float64Array>()
  sources.forEach((source, j) => {
    // The open rating keeps no schedule: its freshness is that of the facts it rates, counted here already.
    if (isDerived(source)) return
    const concern = freshnessConcern(source)
    let told = freshest.get(concern)
    if (!told) freshest.set(concern, (told = new Float64Array(pool.size).fill(-1)))
    const updated = coverage[j]
    for (let i = 0; i < pool.size; i++) {
      const at = updated[pool.row[i]]
      if (at !== at) continue // NaN: this source never updated the project
      const credit = freshnessCredit(hoursSince(at, now), source.cadence_hours)
      if (credit > told[i]) told[i] = credit
    }
  })
  const columns = [...freshest.values()]
  for (let i = 0; i < pool.size; i++) {
    let sum = 0
    let count = 0
    for (const told of columns) {
      if (told[i] < 0) continue
      sum += told[i]
      count++
    }
    kept.values[i] = count > 0 ? sum / count : 0
  }
  kept.at = now
  return kept.values
}

/** The co-benefits a brief asks for: how many distinct ones, and their bits (see coBenefitBit). */
export interface WantedCoBenefits {
  size: number
  bits: number
}

export function wantedCoBenefits(wanted: readonly string[]): WantedCoBenefits {
  const distinct = new Set(wanted)
  let bits = 0
  for (const value of distinct) bits |= coBenefitBit.get(value) ?? 0
  return { size: distinct.size, bits }
}

/** Set bits of a 32-bit word. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** The share of the wanted co-benefits a candidate delivers; null when the brief asks for none. */
export function coBenefitMatch(pool: CandidatePool, i: number, wanted: WantedCoBenefits): number | null {
  if (wanted.size === 0) return null
  return bitCount(pool.coBenefits[i] & wanted.bits) / wanted.size
}

/** Cheaper is better among the candidates, on a log scale: prices span $1 to $1,000 a tonne. */
export function priceFit(price: number, range: { min: number; max: number }): number {
  if (range.max <= range.min) return 1
  return (Math.log(range.max) - Math.log(price)) / (Math.log(range.max) - Math.log(range.min))
}

export interface ScoringContext {
  wanted: WantedCoBenefits
  range: { min: number; max: number }
  freshness: Float64Array
}

export function scoreComponents(pool: CandidatePool, i: number, context: ScoringContext): ScoreComponents {
  return {
    quality: pool.quality[i] / 100,
    co_benefits: coBenefitMatch(pool, i, context.wanted),
    price_fit: priceFit(pool.price[i], context.range),
    freshness: context.freshness[i],
  }
}

/** Weighted mean over the components that apply. */
export function totalScore(components: ScoreComponents): number {
  return weightedMean(components.quality, components.co_benefits, components.price_fit, components.freshness)
}

/**
 * The scores of the candidates at `positions`, read from the pool's columns: it runs for every candidate of
 * every brief, so nothing is allocated per candidate (no component is ever null here, so none is boxed). The
 * same sums in the same order as weightedMean: equal, to the last bit, to totalScore of scoreComponents.
 */
export function scoreAll(pool: CandidatePool, positions: Int32Array, context: ScoringContext, scratch: ScratchSpace): Float64Array {
  // Written to the brief's scratch space (scratch.ts): valid while its ranking holds it.
  const scores = scratch.scores.subarray(0, positions.length)
  const { range, wanted, freshness } = context
  const w = rankingWeights
  const askedCoBenefits = wanted.size > 0
  const weights = countedWeight(askedCoBenefits)
  const flat = range.max <= range.min
  const logMax = Math.log(range.max)
  const logSpan = Math.log(range.max) - Math.log(range.min)
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]
    const fit = flat ? 1 : (logMax - pool.logPrice[i]) / logSpan
    let weighted = w.quality * (pool.quality[i] / 100) + w.price_fit * fit + w.freshness * freshness[i]
    if (askedCoBenefits) weighted += w.co_benefits * (bitCount(pool.coBenefits[i] & wanted.bits) / wanted.size)
    scores[k] = weighted / weights
  }
  return scores
}

function weightedMean(quality: number, coBenefits: number | null, priceFitValue: number, freshness: number): number {
  const w = rankingWeights
  let weighted = w.quality * quality + w.price_fit * priceFitValue + w.freshness * freshness
  if (coBenefits !== null) weighted += w.co_benefits * coBenefits
  return weighted / countedWeight(coBenefits !== null)
}
