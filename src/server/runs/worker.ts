import type { Kysely } from 'kysely'
import { createRng, hashSeed } from '../data/random'
import { claimNextRun, failInterruptedRuns, finishRun, recordProgress } from '../db/queries/source-runs'
import { findSource } from '../db/queries/sources'
import { scoped } from '../db/queries/scoped'
import { datasets, type Database, type Dataset, type SourceRunRow } from '../db/schema'
import type { DatasetVersions } from '../deps'
import type { Env } from '../env'
import { ConnectorError, type Connector } from './connector'
import { marketConnector } from './connectors/market'
import { ratingsConnector } from './connectors/ratings'
import { vrodConnector } from './connectors/vrod'

function connectorFor(connector: string): Connector | undefined {
  return { ratings: ratingsConnector, marketsource: marketConnector, vrod: vrodConnector }[connector]
}

/**
 * Executes queued source runs one at a time, inside the API process. Each run's changes are applied in one
 * transaction together with its success, so a crash leaves either the whole run or none of it.
 */
export class RunWorker {
  private timer: NodeJS.Timeout | undefined
  private busy = false
  private stopped = false
  private current: Promise<void> | undefined

  constructor(
    private readonly db: Kysely<Database>,
    private readonly env: Env,
    private readonly versions: DatasetVersions,
    private readonly log: (message: string) => void,
  ) {}

  async start() {
    for (const dataset of datasets) {
      const failed = await failInterruptedRuns(scoped(this.db, dataset), new Date())
      if (failed) this.log(`marked ${failed} interrupted ${dataset} run(s) failed`)
    }
    this.schedule(0)
  }

  wake = () => this.schedule(0)

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    await this.current
  }

  private schedule(ms: number) {
    if (this.stopped) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), ms)
  }

  private async tick() {
    if (this.busy || this.stopped) return
    this.busy = true
    let worked = false
    try {
      for (const dataset of datasets) {
        const run = await claimNextRun(scoped(this.db, dataset), new Date())
        if (!run) continue
        worked = true
        this.current = this.execute(dataset, run)
        await this.current
      }
    } catch (error) {
      this.log(`run worker: ${(error as Error).message}`)
    } finally {
      this.busy = false
      this.schedule(worked ? 0 : 1000)
    }
  }

  private async execute(dataset: Dataset, run: SourceRunRow) {
    const db = scoped(this.db, dataset)
    try {
      const source = await findSource(db, run.source_id)
      const connector = source && connectorFor(source.connector)
      if (!source || !connector) throw new ConnectorError('no_connector', `No connector can run source ${run.source_id}.`)
      const plan = await connector({
        db,
        source,
        dataset,
        fileId: run.file_id,
        requestedAsOf: run.requested_as_of,
        projectKeys: run.project_keys,
        now: new Date(),
        rng: createRng(hashSeed(this.env.CREDENCE_SEED, run.id)),
        env: this.env,
        progress: (processed, total) => recordProgress(db, run.id, processed, total),
      })
      const outcome = { state: 'succeeded' as const, finishedAt: new Date(), processed: plan.processed, counts: plan.counts, asOf: plan.asOf }
      if (run.simulated) {
        // The sandbox key's writes have no side effects: the plan is reported, never applied.
        await finishRun(db, run.id, outcome)
        return
      }
      await this.db.transaction().execute(async (trx) => {
        const inDataset = scoped(trx, dataset)
        await plan.apply(inDataset)
        await finishRun(inDataset, run.id, outcome)
      })
      this.versions.bump(dataset)
    } catch (error) {
      const known = error instanceof ConnectorError
      this.log(`run ${run.id} failed: ${(error as Error).message}`)
      await finishRun(db, run.id, {
        state: 'failed',
        finishedAt: new Date(),
        error: {
          code: known ? error.code : 'connector_failed',
          message: known ? error.message : 'The connector failed unexpectedly; no changes were applied.',
        },
      })
    }
  }
}
