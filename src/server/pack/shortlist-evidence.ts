import type { Recommendation } from '../../api/contract/recommendations'
import type { ProjectEvidence, ShortlistEvidence } from '../../api/contract/shortlists'
import type { ScopedDb } from '../db/queries/scoped'
import { projectsStillListed } from '../db/queries/shortlist-reads'
import { qualitySignalsOfProjects } from '../db/queries/quality-signals'
import { qualityBreakdown } from '../quality/quality-breakdown'
import { citationList } from '../core/citations'
import { ratingVersion } from '../core/method-versions'

/**
 * The evidence a shortlist's grades rest on: every signal of every ranked project, as the catalogue rates it now
 * (each signal dated), and the citations they name. The printed shortlist's appendix and the pack's Evidence and
 * Citations sheets are this one answer.
 */
export async function shortlistEvidence(db: ScopedDb, recommendation: Recommendation): Promise<ShortlistEvidence> {
  const ids = recommendation.items.map((item) => item.project.id)
  const [listed, signals] = await Promise.all([projectsStillListed(db, ids), qualitySignalsOfProjects(db, ids)])
  const projects = recommendation.items.map(({ project }): ProjectEvidence => {
    if (!listed.has(project.id)) {
      // Replaced since (a generated catalogue by Berkeley's file): nothing is rated, and the sheet says so.
      return { key: project.key, name: project.name, in_catalogue: false, score: null, grade: null, rated_weight: 0, signals: [] }
    }
    const breakdown = qualityBreakdown(signals.filter((signal) => signal.project_id === project.id))
    return {
      key: project.key,
      name: project.name,
      in_catalogue: true,
      score: breakdown.score,
      grade: breakdown.grade,
      rated_weight: breakdown.rated_weight,
      signals: breakdown.signals,
    }
  })
  const cited = new Set(projects.flatMap((project) => project.signals.flatMap((signal) => signal.citations)))
  return {
    object: 'shortlist_evidence',
    id: recommendation.id,
    rating_version: ratingVersion,
    projects,
    citations: citationList.filter((citation) => cited.has(citation.id)),
  }
}
