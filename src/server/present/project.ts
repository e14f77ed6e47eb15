import type { CreditHistory, ProjectCredits, ProjectDetail } from '../../api/contract/projects'
import type { ProjectFacts } from '../catalogue/catalogue'
import type { Selectable } from 'kysely'
import type { ProjectRow, QualitySignalTable } from '../db/schema'
import { deriveCoBenefits } from '../../api/co-benefits'
import { qualityBreakdown } from '../quality/quality-breakdown'
import { projectFreshness } from './freshness'
import { toProjectSummary } from './project-summary'
import { sourceFor } from '../sources/source-list'
import type { ProjectStatus } from '../../api/contract/common'
import type { OtherListing } from '../projects/credit-figures'

type CoverageCell = { source_id: string; last_success_at: Date; cadence_hours: number; kind: string; status: string | null; status_as_of: Date | string | null }

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
  // From its type, labels and UN SDGs as its sources give them now (`findProjectFacts`), as the catalogue reads them.
  coBenefits: deriveCoBenefits(row),
  qualityScore: row.quality_score,
  qualityGrade: row.quality_grade,
  synthetic: row.synthetic,
})


export function toProjectDetail(
  row: ProjectRow & { own_status: string; own_labels: string[] },
  signals: Selectable<QualitySignalTable>[],
  cells: CoverageCell[],
  now: Date,
  creditHistory: CreditHistory,
  creditFigures: ProjectCredits,
  others: readonly Pick<OtherListing, 'key' | 'registry' | 'complianceId'>[] = [],
): ProjectDetail {
  const summary = toProjectSummary(factsOfRow(row), projectFreshness(cells, now))
  // The summary's credits are the combined figures, as the catalogue lists them; `credit_figures` says what they stand on.
  const whole = (n: number) => Math.max(0, Math.round(n))
  const { issued, retired, remaining } = creditFigures
  // Fractional tonnes (Isometric's) rounded one by one can stop adding up (48,172 − 6,261 shown as 41,912): where
  // the figures agree but for fractions, remaining is the difference of the whole figures shown beside it.
  const agree = Math.abs(issued.value - retired.value - remaining.value) < 1
  // A registry's new listing states no first vintage, and no count issues it any: the oldest its records issue is its
  // first, as the catalogue reads it (catalogue/load.ts).
  const countless = (creditFigures.issued.counted?.value ?? 0) === 0
  const recorded = countless ? creditFigures.by_vintage.filter((v) => v.vintage !== null && v.issued > 0).map((v) => v.vintage!) : []
  return {
    ...summary,
    vintage: summary.vintage ?? (recorded.length > 0 ? Math.min(...recorded) : null),
    credits: {
      ...summary.credits,
      issued: whole(issued.value),
      retired: whole(retired.value),
      remaining: agree ? Math.max(0, Math.round(issued.value) - Math.round(retired.value)) : whole(remaining.value),
      // What the records issued into a registry's buffer pool, beside what a count says of it, as the catalogue lists it.
      buffer: summary.credits.buffer + whole(creditFigures.buffer_issued),
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
    status_sources: statusSources(row.own_status, cells),
    labels_recorded: row.labels.filter((label) => !row.own_labels.includes(label)),
    also_listed_as: others.map((other) => ({ key: other.key, registry: other.registry, compliance_id: other.complianceId })),
    quality_breakdown: qualityBreakdown(signals),
    credit_history: creditHistory,
    credit_figures: creditFigures,
    updated_at: iso(row.updated_at),
  }
}



/**
 * Each source's word on the status, newest first: Berkeley's count (the project's own status, as of its cell) and each
 * registry's own listing (`coverage.status`). A registry's new listing's own status is that listing's, said once.
 */
function statusSources(ownStatus: string, cells: readonly CoverageCell[]): ProjectDetail['status_sources'] {
  const counted = cells.find((cell) => cell.source_id === 'src_vrod')
  const words = [
    ...(counted ? [{ source: counted.source_id, status: ownStatus, at: counted.last_success_at }] : []),
    ...cells.flatMap((cell) => (cell.status === null || cell.status_as_of === null ? [] : [{ source: cell.source_id, status: cell.status, at: cell.status_as_of }])),
  ]
  return words
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .map((word) => ({ source: word.source, name: sourceFor(word.source)?.name ?? word.source, status: word.status as ProjectStatus, as_of: iso(word.at) }))
}
