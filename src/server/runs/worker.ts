import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Kysely } from 'kysely'
import { createRng, hashSeed } from '../core/random'
import { bumpDatasetVersion } from '../db/queries/dataset-versions'
import {
  claimNextRun,
  failLapsedRuns,
  findRun,
  finishRun,
  holdsLease,
  interrupted,
  recordProgress,
  renewLease,
} from '../db/queries/source-runs'
import { findSource } from '../db/queries/sources'
import type { UploadedFiles } from '../files/uploaded-files'
import { scoped } from '../db/queries/scoped'
import { datasets, type Database, type Dataset, type SourceRunRow } from '../db/schema'
import type { DatasetVersions } from '../db/versions/dataset-versions'
import type { Env } from '../env'
import { ConnectorError, type RunPlan, type Connector } from './connector'
import { marketConnector } from './connectors/market'
import { ratingsConnector } from './connectors/ratings'
import { vrodConnector } from './connectors/vrod'
import { registryConnector } from './connectors/registry'
import { sourceFor, type RunConnector } from '../sources/source-list'
import { collectLeavings } from '../core/garbage'

/** The connector each source's runs use, as its record in sources/source-list.ts says. */
const connectors: Record<RunConnector, Connector> = { registry: registryConnector, berkeley: vrodConnector, market: marketConnector, ratings: ratingsConnector }

function connectorFor(source: { id: string }): Connector | undefined {
  const runs = sourceFor(source.id)?.runs
  return runs ? connectors[runs] : undefined
}

/** The files a run imports; a run queued before runs could take several names its one file alone. */
const filesOf = (run: { file_id: string | null; files: { id: string }[] }) => (run.files.length > 0 ? run.files.map((f) => f.id) : run.file_id ? [run.file_id] : [])

class LeaseLost extends Error {
  constructor(runId: string) {
    super(`run ${runId} is no longer held by this process (its lease lapsed); nothing of it was applied`)
  }
}

/**
 * Executes queued source runs one at a time per process, in any number of API processes on one database. A run
 * is claimed with a lease on its row (owner and expiry on the database's clock), renewed while it runs; a run
 * whose lease lapsed is failed as interrupted by whichever process sweeps next. Its changes are applied in one
 * transaction together with its success, fenced on the lease, so a run is applied whole or not at all, at most
 * once, and never after it was failed.
 */
export class RunWorker {
  /** Who holds a lease: host and pid say which process, the random part tells a restarted pid apart. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  private timer: NodeJS.Timeout | undefined
  private sweeper: NodeJS.Timeout | undefined
  private busy = false
  private stopped = false
  private current: Promise<void> | undefined
  /**
   * On the embedded store, the run this worker runs, as the store holds it: claimed, then with each progress it
   * records, then as its transaction leaves it (its row changes only there, so until its changes commit, and after,
   * until the upkeep that follows is done, this is what any reader of the store would see). Its status is answered
   * from here while the run's own statements (its staged blocks, its transaction) hold the store's one connection:
   * read from the store, a status asked for while a block was copied once waited past the store's wait and was
   * told 503. On PostgreSQL readers never wait for it, and another process may fail a run whose lease lapsed, so
   * the row is read there.
   */
  private running: { dataset: Dataset; row: SourceRunRow } | undefined
  /**
   * The last run this worker applied on the embedded store, as its transaction committed it: a finished run's row
   * never changes, and the store is busy just after a large commit (the run's upkeep, the writes queued behind it),
   * so a client polling the run's status learns it finished without waiting for the store.
   */
  private applied: { dataset: Dataset; row: SourceRunRow } | undefined

  constructor(
    private readonly db: Kysely<Database>,
    private readonly env: Env,
    private readonly versions: DatasetVersions,
    private readonly log: (message: string) => void,
    /** This process alone owns the store (embedded, under the data-folder lock): whatever is running was cut off. */
    private readonly ownsStore: boolean,
    private readonly files: UploadedFiles,
  ) {}

  async start() {
    if (this.ownsStore) {
      for (const dataset of datasets) {
        const failed = await failLapsedRuns(scoped(this.db, dataset), new Date(), { everyRunning: true })
        if (failed) this.log(`marked ${failed} interrupted ${dataset} run(s) failed`)
      }
    } else {
      await this.sweep()
      this.sweeper = setInterval(() => void this.sweep(), this.env.CREDENCE_RUN_REAP_MS)
    }
    this.schedule(0)
  }

  wake = () => this.schedule(0)

  /** The row of the run this worker runs, or last applied, on the embedded store, if that is the run asked for. */
  runInHand = (dataset: Dataset, id: string): SourceRunRow | undefined =>
    [this.running, this.applied].find((held) => held?.dataset === dataset && held.row.id === id)?.row

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    clearInterval(this.sweeper)
    await this.current
  }

  /** Fails the runs of processes that died holding them. */
  private async sweep() {
    for (const dataset of datasets) {
      try {
        const failed = await failLapsedRuns(scoped(this.db, dataset), new Date())
        if (failed) this.log(`marked ${failed} ${dataset} run(s) whose process stopped failed (interrupted)`)
      } catch (error) {
        this.log(`run sweep: ${(error as Error).message}`)
      }
    }
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
        const run = await claimNextRun(this.db, dataset, { owner: this.owner, ms: this.env.CREDENCE_RUN_LEASE_MS, now: new Date() })
        if (!run) continue
        worked = true
        this.current = this.execute(dataset, run)
        await this.current
        collectLeavings()
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
    const owner = this.owner
    const lease = { owner, ms: this.env.CREDENCE_RUN_LEASE_MS }
    // Renewed at a quarter of its length, so a slow query or two never lets a live run's lease lapse.
    const renewal = setInterval(() => {
      renewLease(db, run.id, lease).catch((error: Error) => this.log(`run ${run.id}: lease not renewed: ${error.message}`))
    }, Math.max(100, Math.floor(lease.ms / 4)))
    const began = performance.now()
    const secondsSince = (from: number) => ((performance.now() - from) / 1000).toFixed(1)
    let unapplied: RunPlan | undefined
    if (this.ownsStore) this.running = { dataset, row: run }
    try {
      const source = await findSource(db, run.source_id)
      const connector = source && connectorFor(source)
      if (!source || !connector) throw new ConnectorError('no_connector', `No connector can run source ${run.source_id}.`)
      const plan = await connector({
        runId: run.id,
        db,
        source,
        dataset,
        fileId: run.file_id,
        fileIds: filesOf(run),
        files: this.files,
        requestedAsOf: run.requested_as_of,
        projectKeys: run.project_keys,
        now: new Date(),
        rng: createRng(hashSeed(this.env.CREDENCE_SEED, run.id)),
        env: this.env,
        progress: async (processed, total, of) => {
          if (!(await recordProgress(db, run.id, owner, { processed, total, of }))) throw new LeaseLost(run.id)
          const held = this.running?.row.id === run.id ? this.running.row : undefined
          if (held) this.running = { dataset, row: { ...held, processed, total, ...(of ? { progress_of: of } : {}) } }
        },
      })
      unapplied = plan
      const plannedIn = secondsSince(began)
      const planned = performance.now()
      const outcome = { state: 'succeeded' as const, finishedAt: new Date(), processed: plan.processed, counts: plan.counts, asOf: plan.asOf, asOfBasis: plan.asOfBasis, skippedRows: plan.skippedRows, skippedProjects: plan.skippedProjects }
      if (run.simulated) {
        // The sandbox key's writes have no side effects: the plan is reported, never applied.
        if (!(await finishRun(db, run.id, owner, outcome))) throw new LeaseLost(run.id)
        return
      }
      const { version, install, finished } = await this.db.transaction().execute(async (trx) => {
        const inDataset = scoped(trx, dataset)
        if (!(await holdsLease(inDataset, run.id, owner))) throw new LeaseLost(run.id)
        await plan.apply(inDataset)
        await finishRun(inDataset, run.id, owner, outcome)
        const install = await this.versions.prepare(dataset, inDataset)
        return { version: await bumpDatasetVersion(trx, dataset), install, finished: this.ownsStore ? await findRun(inDataset, run.id) : undefined }
      })
      unapplied = undefined
      if (finished) this.running = this.applied = { dataset, row: finished }
      install(version)
      this.versions.observe(dataset, version)
      this.log(`run ${run.id} applied: read and planned in ${plannedIn} s, written in ${secondsSince(planned)} s`)
      await plan.afterCommit?.(scoped(this.db, dataset)).catch((e: Error) => this.log(`run ${run.id}: upkeep after commit failed: ${e.message}`))
    } catch (error) {
      this.log(`run ${run.id} failed: ${(error as Error).message}`)
      const known = error instanceof ConnectorError
      const reason =
        error instanceof LeaseLost
          ? interrupted
          : {
              code: known ? error.code : 'connector_failed',
              message: known ? error.message : 'The connector failed unexpectedly; no changes were applied.',
            }
      // Fenced as well: a run a sweep already failed keeps the sweep's account.
      await finishRun(db, run.id, owner, { state: 'failed', finishedAt: new Date(), error: reason }).catch((e: Error) =>
        this.log(`run ${run.id}: could not record its failure: ${e.message}`),
      )
    } finally {
      this.running = undefined
      clearInterval(renewal)
      // A plan not applied (a sandbox run's, or one whose apply failed) lets go of what it staged.
      await unapplied?.discard?.(scoped(this.db, dataset)).catch((e: Error) => this.log(`run ${run.id}: staged rows not dropped: ${e.message}`))
      // An upload is held only as long as a run needs it, whatever became of the run.
      for (const fileId of filesOf(run)) {
        await this.files.release(dataset, fileId).catch((e: Error) => this.log(`run ${run.id}: upload not released: ${e.message}`))
      }
    }
  }
}
