import type { ScopedDb } from '../queries/scoped'
import type { Dataset } from '../schema'

/**
 * The versions live in the database (bumped in the transaction that applies a run); this is the process's copy,
 * fed by the run worker after its own commits and by the version feed (LISTEN/NOTIFY, or polling while the
 * listener is down) for everyone else's, so `get` stays synchronous for the caches. A version only moves forward:
 * a late poll never takes a cache back to older data.
 */
export class DatasetVersions {
  private readonly values = new Map<Dataset, number>()
  private readonly preparers: Preparer[] = []
  get(dataset: Dataset) {
    return this.values.get(dataset) ?? 0
  }
  observe(dataset: Dataset, version: number) {
    if (version > this.get(dataset)) this.values.set(dataset, version)
  }

  /** Adds what a cache reads for a new version, to be read by `prepare`. */
  prepareWith(preparer: Preparer) {
    this.preparers.push(preparer)
  }

  /**
   * Reads every cache's value for the dataset as `db` (the transaction about to commit a change) sees it, and
   * answers the function that hands them to their caches under the committed version. Called before the commit,
   * so requests meanwhile are answered from the old values and the first one after does not wait for a reload.
   */
  async prepare(dataset: Dataset, db: ScopedDb): Promise<(version: number) => void> {
    const installs: ((version: number) => void)[] = []
    for (const preparer of this.preparers) installs.push(await preparer(dataset, db))
    return (version) => {
      for (const install of installs) install(version)
    }
  }
}

/** Reads a cache's value for a dataset through `db`; the answer installs it under a version once committed. */
export type Preparer = (dataset: Dataset, db: ScopedDb) => Promise<(version: number) => void>
