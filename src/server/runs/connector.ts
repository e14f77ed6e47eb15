import type { Selectable } from 'kysely'
import type { Rng } from '../core/random'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, SourceTable } from '../db/schema'
import type { Env } from '../env'
import type { UploadedFiles } from '../files/uploaded-files'

export interface RunCounts {
  created: number
  updated: number
  unchanged: number
  skipped: number
}

export interface ConnectorContext {
  /** The run's id, which what it writes records as its origin. */
  runId: string
  /** Read access to the run's dataset while the plan is made; changes go through the plan's apply. */
  db: ScopedDb
  source: Selectable<SourceTable>
  dataset: Dataset
  /** The uploaded file the run imports (`file_id`), or null to read the source itself. */
  fileId: string | null
  /** Every uploaded file the run imports, in the order given (`fileId` is the first). */
  fileIds: string[]
  /** Where uploads are read from (`read`): runs reach an upload's bytes through it alone. */
  files: Pick<UploadedFiles, 'read'>
  /** The run request's as-of date (YYYY-MM-DD), which wins over anything the file says. */
  requestedAsOf: string | null
  /** Upper-cased keys the run is restricted to, or null for every project the source covers. */
  projectKeys: string[] | null
  now: Date
  rng: Rng
  env: Env
  progress(processed: number, total: number | null): Promise<void>
}

/**
 * A connector reads and computes first, reporting progress, and only then hands back what to write. The worker
 * applies the plan in one transaction, so a run is applied whole or not at all, and a simulated run is a plan
 * that is never applied.
 */
export interface RunPlan {
  counts: RunCounts
  processed: number
  /** The as-of date of the data applied, recorded on the run. */
  asOf?: Date
  /** The first rows skipped, with why, kept on the run. */
  skippedRows?: { row: number; reason: string }[]
  apply(trx: ScopedDb): Promise<void>
  /** Upkeep once the run's changes are committed (statistics, index tidying): never part of what the run applies. */
  afterCommit?(db: ScopedDb): Promise<void>
}

export type Connector = (context: ConnectorContext) => Promise<RunPlan>

export class ConnectorError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
