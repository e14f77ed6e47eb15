import type { ProjectSummary } from '../../../api/contract/projects'
import { toCsv } from '../../../lib/csv'

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
 * One line per project with the figures as numbers; lists are joined with "; " so they stay in one cell. A real
 * project's line carries the data's credit, which Berkeley's licence asks for wherever its data goes; a generated
 * project's has none to carry.
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
      p.synthetic ? null : attribution,
    ]),
  )
}
