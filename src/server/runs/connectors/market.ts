import { quotedPrices } from '../../db/queries/run-reads'
import type { NewSpotPrice } from '../../db/schema'
import { priceFor } from '../../core/prices'
import type { Connector } from '../connector'
import { inBatches, targetProjects } from '../targets'
import { touchCoverage, upsertPrices } from '../write'

/**
 * The simulated market feed: a quoted price moves a few percent a day around its type's band; a project with
 * no quote yet gets one from the band. Pipeline and inactive projects are not traded and are skipped.
 */
export const marketConnector: Connector = async (context) => {
  const { projects, skipped } = await targetProjects(context)
  const current = new Map((await quotedPrices(context.db)).map((p) => [p.project_id, p.value]))
  const prices: NewSpotPrice[] = []
  let created = 0
  let notTraded = 0
  await inBatches(context, projects, (project) => {
    if (project.status === 'pipeline' || project.status === 'inactive') {
      notTraded++
      return
    }
    const rng = context.rng.fork(project.key)
    const before = current.get(project.id)
    const value = before === undefined ? priceFor(project, rng) : before * (1 + rng.normal(0, 0.02))
    if (before === undefined) created++
    prices.push({ project_id: project.id, value: Math.max(0.5, Math.round(value * 100) / 100), as_of: context.now, source_id: context.source.id })
  })
  return {
    processed: projects.length,
    counts: { created, updated: prices.length - created, unchanged: 0, skipped: skipped + notTraded },
    async apply(trx) {
      await upsertPrices(trx, prices)
      await touchCoverage(trx, prices.map((p) => ({ project_id: p.project_id, source_id: context.source.id, last_success_at: context.now })))
    },
  }
}
