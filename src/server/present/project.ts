import type { CreditHistory, ProjectCredits, ProjectDetail, QualitySignal } from '../../api/contract/projects'
import type { ProjectFacts } from '../catalogue/catalogue'
import type { Selectable } from 'kysely'
import type { ProjectRow, QualitySignalTable } from '../db/schema'
import { compositeScore, describeMethod } from '../quality/composite'
import { unknownRiskValue } from '../quality/unknown-risk'
import { signalDefinitions } from '../quality/signals'
import { projectFreshness } from './freshness'
import { toProjectSummary } from './project-summary'

type CoverageCell = { last_success_at: Date; cadence_hours: number; kind: string }

const iso = (d: Date | string) => new Date(d).toISOString()

/** A database row's facts, as the catalogue's columns give them. */
export const factsOfRow = (row: ProjectRow): ProjectFacts => ({
  id: row.id,
  key: row.key,
  name: row.name,
  registry: row.registry,
  status: row.status,
  scope: row.scope,
  type: row.type,
  reductionRemoval: row.reduction_removal,
  region: row.region,
  country: row.country,
  vintage: row.vintage,
  credits: { issued: Number(row.issued), retired: Number(row.retired), remaining: Number(row.remaining), buffer: Number(row.buffer) },
  labels: row.labels,
  coBenefits: row.co_benefits,
  qualityScore: row.quality_score,
  qualityGrade: row.quality_grade,
  synthetic: row.synthetic,
})

/** Every defined signal is listed; one no source has assessed is reported missing and counted as unknown risk. */
export function toQualityBreakdown(signals: Selectable<QualitySignalTable>[]): ProjectDetail['quality_breakdown'] {
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

export function toProjectDetail(
  row: ProjectRow,
  signals: Selectable<QualitySignalTable>[],
  cells: CoverageCell[],
  now: Date,
  creditHistory: CreditHistory,
  creditFigures: ProjectCredits,
): ProjectDetail {
  const summary = toProjectSummary(factsOfRow(row), projectFreshness(cells, now))
  // The summary's credits are the combined figures, as the catalogue lists them; `credit_figures` says what they stand on.
  const whole = (n: number) => Math.max(0, Math.round(n))
  const { issued, retired, remaining } = creditFigures
  // Fractional tonnes (Isometric's) rounded one by one can stop adding up (48,172 − 6,261 shown as 41,912): where
  // the figures agree but for fractions, remaining is the difference of the whole figures shown beside it.
  const agree = Math.abs(issued.value - retired.value - remaining.value) < 1
  return {
    ...summary,
    credits: {
      ...summary.credits,
      issued: whole(issued.value),
      retired: whole(retired.value),
      remaining: agree ? Math.max(0, Math.round(issued.value) - Math.round(retired.value)) : whole(remaining.value),
    },
    object: 'project',
    methodology: row.methodology,
    type_as_published: row.type_as_published ?? null,
    developer: row.developer,
    state: row.state,
    website: row.website,
    sdgs: row.sdgs,
    listed_at: row.listed_at,
    registered_at: row.registered_at,
    quality_breakdown: toQualityBreakdown(signals),
    credit_history: creditHistory,
    credit_figures: creditFigures,
    updated_at: iso(row.updated_at),
  }
}

type CreditYearRow = { year: number; issued_by_vintage: string | number; issued_in_year: string | number; retired_in_year: string | number; remaining_by_vintage: string | number }

/** The yearly history as stored (years with any non-zero value, ascending), dated by the import it came from. */
export function toCreditHistory(rows: CreditYearRow[], source: { id: string; as_of: Date } | null): CreditHistory {
  const years = rows
    .map((r) => ({
      year: r.year,
      issued_by_vintage: Number(r.issued_by_vintage),
      issued_in_year: Number(r.issued_in_year),
      retired_in_year: Number(r.retired_in_year),
      // Berkeley counts what remains of each vintage; what is gone of it is the rest of its issuance.
      retired_by_vintage: Number(r.issued_by_vintage) - Number(r.remaining_by_vintage),
      remaining_by_vintage: Number(r.remaining_by_vintage),
    }))
    .filter((y) => y.issued_by_vintage !== 0 || y.issued_in_year !== 0 || y.retired_in_year !== 0 || y.remaining_by_vintage !== 0)
    .sort((a, b) => a.year - b.year)
  return { years, source: years.length > 0 && source ? source.id : null, as_of: years.length > 0 && source ? iso(source.as_of) : null }
}
