import type { Kysely } from 'kysely'
import type { Database, Dataset } from './db/schema'
import type { Env } from './env'
import type { SlidingWindowLimiter } from './http/rate-limit'

/** What request handlers need, handed to createApp so tests can build an app around any database. */
export interface Deps {
  db: Kysely<Database>
  env: Env
  limiter: SlidingWindowLimiter
  /** Tells the run worker a run was queued, so it need not wait for its next poll. */
  wakeWorker: () => void
  /** Bumped when a run changes a dataset; caches derived from the data key on it. */
  versions: DatasetVersions
  now: () => Date
}

export class DatasetVersions {
  private readonly values = new Map<Dataset, number>()
  get(dataset: Dataset) {
    return this.values.get(dataset) ?? 0
  }
  bump(dataset: Dataset) {
    this.values.set(dataset, this.get(dataset) + 1)
  }
}

export type AppEnv = {
  Variables: {
    credential: import('./http/auth').Credential
    requestId: string
  }
}
