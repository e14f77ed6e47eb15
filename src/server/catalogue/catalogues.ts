import type { Kysely } from 'kysely'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import { VersionedCache } from '../db/versions/versioned-cache'
import type { DatasetVersions } from '../db/versions/dataset-versions'
import type { Catalogue } from './catalogue'
import { collectLeavings } from '../core/garbage'
import { loadCatalogue } from './load'

/**
 * One catalogue per dataset version: read when first asked for, kept until a run that changes the dataset bumps
 * its version, then read again by the next request that asks. Views derived from a catalogue (sort orders, the
 * candidate pool) are kept beside it with `derived`, so they go when it goes.
 */
export class Catalogues {
  private readonly cache: VersionedCache<Catalogue>
  private readonly views = new WeakMap<Catalogue, Map<string, unknown>>()

  constructor(db: Kysely<Database>, versions: DatasetVersions) {
    this.cache = new VersionedCache(
      versions,
      async (dataset) => {
        const catalogue = await loadCatalogue(scoped(db, dataset))
        // The rows it was read from are garbage now: at 100,000 projects, hundreds of megabytes the heap keeps.
        collectLeavings()
        return catalogue
      },
      (catalogue) => catalogue.expiresAtMs <= Date.now(),
    )
    // A run's changes come with their catalogue, read in the run's transaction: reading Berkeley's catalogue takes
    // about a second, which requests would otherwise spend waiting after the commit.
    versions.prepareWith(async (dataset, trx) => {
      const catalogue = await loadCatalogue(trx)
      return (version) => this.cache.put(dataset, version, catalogue)
    })
  }

  get(dataset: Dataset): Promise<Catalogue> {
    return this.cache.get(dataset)
  }

  /** Reads these datasets' catalogues now, in the background, so the first visitor does not wait for them. */
  warm(datasets: readonly Dataset[]): Promise<void> {
    return Promise.all(datasets.map((dataset) => this.cache.get(dataset).catch(() => undefined))).then(() => undefined)
  }

  /** A value computed once from a catalogue, by name, and kept as long as the catalogue is. */
  derived<T>(catalogue: Catalogue, name: string, compute: (catalogue: Catalogue) => T): T {
    let views = this.views.get(catalogue)
    if (!views) this.views.set(catalogue, (views = new Map()))
    if (!views.has(name)) {
      views.set(name, compute(catalogue))
      // Building a view (the candidate pool, a sort order) over every project leaves its scratch behind.
      collectLeavings()
    }
    return views.get(name) as T
  }
}
