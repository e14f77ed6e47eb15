import { newestFactsOf, successesOf, upsertCoverage } from '../../db/queries/coverage'
import { changedRatings } from '../../quality/changed-ratings'
import { applyRatings, planRatings } from '../../quality/rerate'
import { runCounts, type Connector } from '../connector'
import { targetProjects } from './run-projects'

/** Re-rates projects by the open rating's rules from their stored facts and recomputes their composite score. */
export const ratingsConnector: Connector = async (context) => {
  const { projects, skipped } = await targetProjects(context)
  // Each rating is as new as the facts it rated, as an import dates the ratings it makes by its export's date: a
  // re-rate brings no newer facts, and dated by when it ran, its signals read "as of" that day and its cells made the
  // open rating read "less than an hour ago" beside registries as old as its facts. A generated project's facts are
  // made up as it is, and its rating is dated now, as is a project no other source covers.
  const facts = await newestFactsOf(context.db, projects.filter((p) => !p.synthetic).map((p) => p.id))
  const plan = await planRatings(context.db, projects, context.now, facts)
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
