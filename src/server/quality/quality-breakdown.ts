import type { ProjectDetail, QualitySignal } from '../../api/contract/projects'
import type { Selectable } from 'kysely'
import type { QualitySignalTable } from '../db/schema'
import { compositeScore, describeMethod } from './composite'
import { unknownRiskValue } from './unknown-risk'
import { signalDefinitions } from './signals'

const iso = (d: Date | string) => new Date(d).toISOString()

/** Every defined signal is listed; one no source has assessed is reported missing and counted as unknown risk. */
export function qualityBreakdown(signals: Selectable<QualitySignalTable>[]): ProjectDetail['quality_breakdown'] {
  const byKey = new Map(signals.map((s) => [s.signal, s]))
  const present = signalDefinitions.filter((d) => byKey.has(d.key)).map((d) => ({ key: d.key, value: byKey.get(d.key)!.value }))
  const composite = compositeScore(present)
  const missing = signalDefinitions.filter((d) => !byKey.has(d.key))
  const rated = Math.round(composite.ratedWeight * 1000) / 1000
  const list: QualitySignal[] = signalDefinitions.map((d) => {
    const s = byKey.get(d.key)
    const points = composite.contributions[d.key]
    const contribution = points === undefined ? null : Math.round(points * 10) / 10
    if (!s) {
      return {
        key: d.key,
        label: d.label,
        status: 'missing',
        value: null,
        weight: d.weight,
        counted_value: unknownRiskValue[d.key],
        contribution,
        source: null,
        as_of: null,
        evidence:
          `No public fact or published finding supports a rating of ${d.label.toLowerCase()} for this project; ` +
          `the composite counts it at ${unknownRiskValue[d.key].toFixed(2)}, the lowest value the rules give, as unknown risk.`,
        facts: [],
        citations: [],
      }
    }
    const value = Math.round(s.value * 1000) / 1000
    return {
      key: d.key,
      label: d.label,
      status: 'present',
      value,
      counted_value: value,
      weight: d.weight,
      contribution,
      source: s.source,
      as_of: iso(s.as_of),
      evidence: s.evidence,
      facts: s.facts ?? [],
      citations: s.citations ?? [],
    }
  })
  return {
    score: composite.score,
    grade: composite.grade,
    method: describeMethod(composite.ratedWeight, missing.map((d) => d.key)),
    rated_weight: rated,
    weights_present: rated,
    signals: list,
  }
}
