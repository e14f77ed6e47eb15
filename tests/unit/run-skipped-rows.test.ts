import { describe, expect, it } from 'vitest'
import { sourceRun } from '../../src/api/contract/sources'
import type { SourceRunRow } from '../../src/server/db/schema'
import { toSourceRun } from '../../src/server/present/source-run'

/** A finished run as the store holds it, its skipped rows as written then. */
const stored = (skippedRows: string): SourceRunRow => ({
  id: 'run_1',
  source_id: 'src_verra',
  connector: 'registry',
  state: 'succeeded',
  simulated: false,
  project_keys: null,
  created_at: new Date('2026-04-01T00:00:00Z'),
  started_at: new Date('2026-04-01T00:00:01Z'),
  finished_at: new Date('2026-04-01T00:00:09Z'),
  processed: 3,
  total: 3,
  created: 1,
  updated: 0,
  unchanged: 0,
  skipped: 2,
  error_code: null,
  error_message: null,
  credential: 'live',
  idempotency_key: null,
  request_hash: null,
  lease_owner: null,
  lease_expires_at: null,
  file_id: 'file_1',
  file_name: 'projects.csv',
  files: [{ id: 'file_1', name: 'projects.csv' }, { id: 'file_2', name: 'transactions.csv' }],
  as_of: new Date('2026-03-31T00:00:00Z'),
  requested_as_of: null,
  as_of_basis: 'file_name',
  claims: 1,
  skipped_rows: skippedRows,
  skipped_projects: null,
  counts_by_kind: null,
  progress_of: ['records'],
})

describe("a run's skipped rows", () => {
  it('name the file each row is in', () => {
    const run = toSourceRun(stored(JSON.stringify([{ row: 82, file: 'transactions.csv', reason: 'no readable quantity ("n/a")' }])))
    expect(sourceRun.parse(run).skipped_rows).toEqual([{ row: 82, file: 'transactions.csv', reason: 'no readable quantity ("n/a")' }])
  })

  it('of a run finished before rows named their file, say the file is not known rather than leave it out', () => {
    const run = toSourceRun(stored(JSON.stringify([{ row: 3, reason: 'projects.csv: no Verra project ID ("abc")' }])))
    expect(sourceRun.parse(run).skipped_rows).toEqual([{ row: 3, file: null, reason: 'projects.csv: no Verra project ID ("abc")' }])
  })
})
