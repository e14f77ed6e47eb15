import type { Dataset } from '../schema'
import type { DatasetVersions } from './dataset-versions'

/**
 * One value read from each dataset, kept until the dataset's version moves on (a run applied changes), then
 * read again by the next request that asks. A read that fails is forgotten, so the next request tries again.
 */
export class VersionedCache<T> {
  private readonly cache = new Map<Dataset, { version: number; value: Promise<T>; read?: T }>()
  constructor(
    private readonly versions: DatasetVersions,
    private readonly read: (dataset: Dataset) => Promise<T>,
    /** A value that has lapsed though its version has not (a quote past its last day) is read again. */
    private readonly lapsed: (value: T) => boolean = () => false,
  ) {}

  /** A value already read for a version (inside the transaction that made it), kept unless a newer one is. */
  put(dataset: Dataset, version: number, value: T) {
    const hit = this.cache.get(dataset)
    if (!hit || hit.version <= version) this.cache.set(dataset, { version, value: Promise.resolve(value), read: value })
  }

  get(dataset: Dataset): Promise<T> {
    const version = this.versions.get(dataset)
    const hit = this.cache.get(dataset)
    if (hit && hit.version === version && !(hit.read !== undefined && this.lapsed(hit.read))) return hit.value
    const value = this.read(dataset)
    const entry: { version: number; value: Promise<T>; read?: T } = { version, value }
    this.cache.set(dataset, entry)
    value.then((read) => (entry.read = read)).catch(() => {
      if (this.cache.get(dataset)?.value === value) this.cache.delete(dataset)
    })
    return value
  }
}
