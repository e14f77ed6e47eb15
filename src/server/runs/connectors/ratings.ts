import type { NewQualitySignal } from '../../db/schema'
import { compositeScore } from '../../quality/composite'
import { rateProject } from '../../quality/rules'
import type { Connector } from '../connector'
import { inBatches, targetProjects } from '../targets'
import { replaceSignals, setQualityScores, touchCoverage } from '../write'

/** Re-rates projects with the documented rules and recomputes their composite quality score. */
export const ratingsConnector: Connector = async (context) => {
  const { projects, skipped } = await targetProjects(context)
  const signals: NewQualitySignal[] = []
  const scores: { id: string; score: number | null; grade: string | null }[] = []
  let updated = 0
  await inBatches(context, projects, (project) => {
    const rated = rateProject(project, { now: context.now, rng: context.rng.fork(project.key) })
    signals.push(...rated)
    const composite = compositeScore(rated.map((s) => ({ key: s.signal, value: s.value })))
    if (composite.score !== project.quality_score) updated++
    scores.push({ id: project.id, score: composite.score, grade: composite.grade })
  })
  return {
    processed: projects.length,
    counts: { created: 0, updated, unchanged: projects.length - updated, skipped },
    async apply(trx) {
      await replaceSignals(trx, projects.map((p) => p.id), signals)
      await setQualityScores(trx, scores)
      await touchCoverage(trx, projects.map((p) => ({ project_id: p.id, source_id: context.source.id, last_success_at: context.now })))
    },
  }
}
