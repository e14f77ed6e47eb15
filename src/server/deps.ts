import type { Kysely } from 'kysely'
import type { DatasetVersions } from './db/versions/dataset-versions'
import type { Database, Dataset, SourceRunRow } from './db/schema'
import type { Env } from './env'
import type { RateLimiter } from './http/rate-limit'
import type { UploadedFiles } from './files/uploaded-files'

/** What request handlers need, handed to createApp so tests can build an app around any database. */
export interface Deps {
  /**
   * The store as requests use it: on the embedded store a statement waits at most CREDENCE_STORE_WAIT_MS for the
   * one connection (a run's writing may hold it for many seconds), then fails with StoreBusy, answered 503.
   */
  db: Kysely<Database>
  /** The same store for writes a request hands over and does not wait to see finished (a shortlist): they wait their turn. */
  queuedDb: Kysely<Database>
  env: Env
  limiter: RateLimiter
  /** Uploads: received as streams, stored by dataset, read back by runs. */
  files: UploadedFiles
  /** Tells the run worker a run was queued, so it need not wait for its next poll. */
  wakeWorker: () => void
  /** The row of the run this process is writing, while it writes: the store holds it unchanged meanwhile. */
  runInHand: (dataset: Dataset, id: string) => SourceRunRow | undefined
  /** Each dataset's version as this process last learnt it; caches derived from the data key on it. */
  versions: DatasetVersions
  now: () => Date
  /**
   * Settles once a dataset can be served. The embedded store seeds the sandbox's generated dataset after it starts
   * listening, so a first start serves the live catalogue seconds sooner; the sandbox's requests wait for it.
   */
  ready?: (dataset: Dataset) => Promise<void>
}

export type AppEnv = {
  Variables: {
    credential: import('./http/auth').Credential
    requestId: string
  }
}
