import type { Selectable } from 'kysely'
import type { AsOfBasis, CountedKind, FileRefusalCode, ProgressUnit, RunCountsByKind, RunSkippedRow, SkippedProject } from '../../api/contract/sources'
import type { Rng } from '../core/random'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, SourceTable } from '../db/schema'
import type { Env } from '../env'
import type { UploadedFiles } from '../files/uploaded-files'

/** One kind's changes: added, rewritten, found as they were. */
export type KindCounts = NonNullable<RunCountsByKind[CountedKind]>

/** What a run changed: totals over its kinds, kept for the API's `counts`, and each kind by itself. */
export interface RunCounts {
  created: number
  updated: number
  unchanged: number
  skipped: number
  byKind: RunCountsByKind
}

/**
 * A run's counts from what it wrote of each kind and what it skipped: the totals are always the kinds' sums, so
 * the two accounts cannot disagree.
 */
export function runCounts(kinds: Partial<Record<CountedKind, KindCounts>>, skipped: { rows?: number; projects?: number }): RunCounts {
  const written = Object.values(kinds)
  const sum = (field: keyof KindCounts) => written.reduce((total, counts) => total + counts[field], 0)
  const skippedBy = { rows: skipped.rows ?? 0, projects: skipped.projects ?? 0 }
  return {
    created: sum('created'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
    skipped: skippedBy.rows + skippedBy.projects,
    byKind: { ...kinds, skipped: skippedBy },
  }
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
  /**
   * How far the run got, and what it counts (projects, records or rows, so one is never called another): said in
   * the run's first report, it stands until a report says otherwise.
   */
  progress(processed: number, total: number | null, of?: ProgressUnit[]): Promise<void>
}

/**
 * A connector reads and computes first, reporting progress, and only then hands back what to write. The worker
 * applies the plan in one transaction, so a run is applied whole or not at all, and a simulated run is a plan
 * that is never applied.
 */
export interface RunPlan {
  counts: RunCounts
  processed: number
  /** The as-of date of the data applied, recorded on the run, and where it came from. */
  asOf?: Date
  asOfBasis?: AsOfBasis
  /** The first rows skipped, with why, kept on the run. */
  skippedRows?: RunSkippedRow[]
  /** The first projects left out, by key, with why, kept on the run (`counts.skipped.projects` counts them all). */
  skippedProjects?: SkippedProject[]
  apply(trx: ScopedDb): Promise<void>
  /** Upkeep once the run's changes are committed (statistics, index tidying): never part of what the run applies. */
  afterCommit?(db: ScopedDb): Promise<void>
  /** Lets go of what the plan staged outside the run's transaction, when the run ends without applying it. */
  discard?(db: ScopedDb): Promise<void>
}

export type Connector = (context: ConnectorContext) => Promise<RunPlan>

/**
 * Why a connector failed its run: a file refused (`fileRefusalCodes`, which leave the source's state as its data is),
 * or the source's own failure. One list, so the state's rule and the runs cannot name a code differently.
 */
export type ConnectorErrorCode = FileRefusalCode | 'import_timeout' | 'no_connector' | 'poison' | 'source_unavailable' | 'source_unreadable'

export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
  ) {
    super(message)
  }
}
