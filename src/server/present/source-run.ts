import type { RunSkippedRow, SourceRun } from '../../api/contract/sources'
import type { SourceRunRow } from '../db/schema'

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export function toSourceRun(row: SourceRunRow): SourceRun {
  return {
    id: row.id,
    object: 'source_run',
    source_id: row.source_id,
    connector: row.connector,
    state: row.state as SourceRun['state'],
    simulated: row.simulated,
    project_keys: row.project_keys,
    file: row.file_id ? { id: row.file_id, name: row.file_name ?? '' } : null,
    files: (row.files.length > 0 ? row.files : row.file_id ? [{ id: row.file_id, name: row.file_name ?? '' }] : []).map((file) => ({
      id: file.id,
      name: file.name,
      bytes: file.bytes ?? null,
      sha256: file.sha256 ?? null,
    })),
    as_of: iso(row.as_of),
    as_of_basis: row.as_of_basis,
    created_at: new Date(row.created_at).toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    progress: { processed: row.processed, total: row.total, of: row.progress_of },
    counts: { created: row.created, updated: row.updated, unchanged: row.unchanged, skipped: row.skipped },
    counts_by_kind: row.counts_by_kind,
    skipped_rows: row.skipped_rows ? skippedRowsOf(row.skipped_rows) : [],
    skipped_projects: row.skipped_projects ? (JSON.parse(row.skipped_projects) as SourceRun['skipped_projects']) : [],
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  }
}

/** A run's skipped rows as stored: those of runs finished before rows named their file have none. */
function skippedRowsOf(stored: string): RunSkippedRow[] {
  return (JSON.parse(stored) as (Omit<RunSkippedRow, 'file'> & { file?: string | null })[]).map(({ row, file, reason }) => ({ row, file: file ?? null, reason }))
}
