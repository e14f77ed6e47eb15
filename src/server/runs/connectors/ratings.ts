import { successesOf, upsertCoverage } from '../../db/queries/coverage'
import { changedRatings } from '../../quality/changed-ratings'
import { applyRatings, planRerate } from '../../quality/rerate'
import { runCounts, type Connector } from '../connector'
import { targetProjects } from './run-projects'

/** Re-rates projects by the open rating's rules from their stored facts and recomputes their composite score. */
export const ratingsConnector: Connector = async (context) => {
  const { projects, skipped } = await targetProjects(context)
  // Each rating, and the open rating's cell of its project, is dated by the facts it rated (`planRerate`).
  const { plan, factsOf: facts } = await planRerate(context.db, projects, context.now)
  // Only what reads otherwise than the store holds is written, so the run's transaction, which holds the embedded
  // store, is short when little changed (docs/operations.md).
  const changed = await changedRatings(context.db, projects, plan)
  const rated = await successesOf(context.db, context.source.id, projects.map((p) => p.id))
  const cells = projects
    .map((p) => ({ project_id: p.id, source_id: context.source.id, last_success_at: facts.get(p.id) ?? context.now }))
    .filter((cell) => rated.get(cell.project_id) !== cell.last_success_at.getTime())
  await context.progress(projects.length, projects.length, ['projects'])
  return {
    processed: projects.length,
    // Requested keys the source does not cover are projects left out, not rows.
    counts: runCounts({ ratings: { created: 0, updated: plan.changed, unchanged: projects.length - plan.changed } }, { projects: skipped.length }),
    skippedProjects: skipped.slice(0, 10),
    async apply(trx) {
      await applyRatings(trx, changed)
      await upsertCoverage({ db: trx, dataset: context.dataset }, cells)
    },
  }
}
