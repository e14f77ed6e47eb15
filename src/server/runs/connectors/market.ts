import { upsertCoverage } from '../../db/queries/coverage'
import { quotedPrices } from '../../db/queries/run-reads'
import { upsertPrices } from '../../db/queries/spot-prices'
import type { SkippedProject } from '../../../api/contract/sources'
import type { NewSpotPrice } from '../../db/schema'
import { priceFor } from '../../pricing/bands'
import { ConnectorError, runCounts, type Connector, type ConnectorContext } from '../connector'
import { inBatches, targetProjects } from './run-projects'
import { parseLimitsOf, runParseJob } from '../parse/run-parse-job'
import { planQuotesImport } from '../quotes-import'
import { uploadedFileOf, type RunFile } from '../uploaded-file'

/**
 * The simulated market feed of a generated catalogue: a quoted price moves a few percent a day around its type's
 * band; a project with no quote yet gets one from the band. Pipeline and inactive projects are not traded and
 * are skipped. Real projects are never given a simulated quote: they are priced by the open reference estimate,
 * so a run over a real catalogue is refused, and a real project among generated ones is skipped.
 */
const realNotQuoted = "a real project: priced by Credence's open reference estimate, never given a simulated quote"
const notTraded = { pipeline: 'in the pipeline: not traded, so not quoted', inactive: 'inactive: not traded, so not quoted' }

export const marketConnector: Connector = async (context) => {
  const upload = await uploadedFileOf(context)
  if (upload) return importQuotes(context, upload)
  const { projects: targets, skipped } = await targetProjects(context)
  const projects = targets.filter((project) => project.synthetic)
  if (targets.length > 0 && projects.length === 0) {
    throw new ConnectorError(
      'source_unavailable',
      "This catalogue's projects are real: the simulated market does not quote them. They are priced by Credence's open reference estimate (see the rating method); nothing was changed.",
    )
  }
  // Left out, each named: keys not found, real projects among generated ones, projects not traded.
  const left: SkippedProject[] = [
    ...skipped,
    ...targets.filter((project) => !project.synthetic).map((project) => ({ key: project.key, reason: realNotQuoted })),
  ]
  const current = new Map((await quotedPrices(context.db)).map((p) => [p.project_id, p.value]))
  const prices: NewSpotPrice[] = []
  let created = 0
  await context.progress(0, targets.length, ['projects'])
  await inBatches(context, projects, (project) => {
    if (project.status === 'pipeline' || project.status === 'inactive') {
      left.push({ key: project.key, reason: notTraded[project.status] })
      return
    }
    const rng = context.rng.fork(project.key)
    const before = current.get(project.id)
    const value = before === undefined ? priceFor(project, rng) : before * (1 + rng.normal(0, 0.02))
    if (before === undefined) created++
    prices.push({ project_id: project.id, value: Math.max(0.5, Math.round(value * 100) / 100), as_of: context.now, source_id: context.source.id })
  })
  return {
    processed: targets.length,
    // Every quote moves a little: a project quoted before is updated, never unchanged.
    counts: runCounts({ prices: { created, updated: prices.length - created, unchanged: 0 } }, { projects: left.length }),
    skippedProjects: left.slice(0, 10),
    async apply(trx) {
      await upsertPrices(trx, prices)
      await upsertCoverage({ db: trx, dataset: context.dataset }, prices.map((p) => ({ project_id: p.project_id, source_id: context.source.id, last_success_at: context.now })))
    },
  }
}

/** A buyer's quotes file (project_key, vintage, price_usd, quantity, supplier, valid_until), read in the parsing worker. */
async function importQuotes(context: ConnectorContext, file: RunFile) {
  const { env } = context
  await context.progress(0, null, ['rows'])
  const bytes = file.bytes.slice().buffer as ArrayBuffer
  const read = await runParseJob(
    'quotes',
    { bytes, name: file.name, limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS } },
    { fileName: file.name, transfer: [bytes], limits: parseLimitsOf(env) },
  )
  const plan = await planQuotesImport(context.db, context.dataset, { ...read, file: file.name, sourceId: context.source.id, runId: context.runId, now: context.now })
  await context.progress(plan.processed, plan.processed, ['rows'])
  return plan
}
