import type { ProjectSummary } from '../../../api/contract/projects'
import { toCsv } from '../../../lib/csv'
import { lineCredit } from '../../../api/line-credit'

const header = [
  'key',
  'name',
  'synthetic',
  'registry',
  'status',
  'scope',
  'type',
  'reduction_removal',
  'region',
  'country',
  'vintage',
  'credits_issued',
  'credits_retired',
  'credits_remaining',
  'quality_score',
  'quality_grade',
  'labels',
  'co_benefits',
  'freshness',
  'updated_at',
  'attribution',
]

/**
 * One line per project with the figures as numbers; lists are joined with "; " so they stay in one cell. A line of
 * Berkeley's data carries its credit, which its licence asks for wherever its data goes (`lineCredit`); a generated
 * project's, or one only a registry lists, has none to carry.
 */
export function projectsToCsv(projects: readonly ProjectSummary[], attribution: string | null = null): string {
  return toCsv(
    header,
    projects.map((p) => [
      p.key,
      p.name,
      // As the API says it, so a generated record stays marked in whatever a spreadsheet does with it.
      p.synthetic ? 'true' : 'false',
      p.registry,
      p.status,
      p.scope,
      p.type,
      p.reduction_removal,
      p.region,
      p.country,
      p.vintage,
      p.credits.issued,
      p.credits.retired,
      p.credits.remaining,
      p.quality.score,
      p.quality.grade,
      p.labels.join('; '),
      p.co_benefits.join('; '),
      p.freshness.state,
      p.freshness.updated_at,
      lineCredit({ synthetic: p.synthetic, sources: p.freshness.sources }, attribution),
    ]),
  )
}
