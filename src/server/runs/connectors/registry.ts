import type { NewProject } from '../../db/schema'
import type { Connector } from '../connector'
import { inBatches, targetProjects } from '../targets'
import { touchCoverage, upsertProjects } from '../write'

/**
 * A registry refresh. The sandbox has no registry to call, so it replays what a refresh brings in practice:
 * retirements since the last read (a small share of what remains) on some projects.
 */
export const registryConnector: Connector = async (context) => {
  const { projects, skipped } = await targetProjects(context)
  const changed: NewProject[] = []
  await inBatches(context, projects, (project) => {
    const remaining = Number(project.remaining)
    if (remaining === 0 || !context.rng.chance(0.3)) return
    const retiredNow = Math.min(remaining, Math.max(1, Math.round(remaining * context.rng.float(0.001, 0.02))))
    changed.push({
      ...project,
      retired: Number(project.retired) + retiredNow,
      remaining: remaining - retiredNow,
      updated_at: context.now,
    })
  })
  return {
    processed: projects.length,
    counts: { created: 0, updated: changed.length, unchanged: projects.length - changed.length, skipped },
    async apply(trx) {
      await upsertProjects(trx, changed)
      await touchCoverage(trx, projects.map((p) => ({ project_id: p.id, source_id: context.source.id, last_success_at: context.now })))
    },
  }
}
