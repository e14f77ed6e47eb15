import { describe, expect, it } from 'vitest'
import type { SourceRun } from '../../src/api/contract/sources'
import { runAccount } from '../../src/api/run-account'

const gold = (unmapped: NonNullable<SourceRun['counts_by_kind']>['unmapped']): SourceRun => ({
  id: 'run_1',
  object: 'source_run',
  source_id: 'src_gold_standard',
  connector: 'gold-standard',
  state: 'succeeded',
  simulated: false,
  project_keys: null,
  file: null,
  files: [{ id: 'file_projects', name: 'projects.csv', bytes: 1024, sha256: null }],
  as_of: '2026-04-13T00:00:00.000Z',
  as_of_basis: 'contents',
  created_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:01.000Z',
  finished_at: '2026-11-24T10:00:09.000Z',
  progress: { processed: 50, total: 50, of: ['projects'] },
  counts: { created: 41, updated: 0, unchanged: 9, skipped: 0 },
  counts_by_kind: { projects: { created: 41, updated: 0, unchanged: 9 }, skipped: { rows: 0, projects: 0 }, ...(unmapped ? { unmapped } : {}) },
  skipped_rows: [],
  skipped_projects: [],
  error: null,
})

describe("a run's account of the listings no rule of the vocabulary maps", () => {
  it('says how many new listings have a type no rule maps, or a country the table does not know', () => {
    expect(runAccount(gold({ types: 29, countries: 1 }))).toEqual([
      '41 projects created',
      '9 projects unchanged',
      '0 rows skipped',
      "29 new listings typed Unknown (neither methodology, type words nor name says which type; the registry's words are kept)",
      '1 new listing in a country the table does not know',
    ])
  })

  it('says nothing of them where every listing mapped, or the run made none', () => {
    expect(runAccount(gold({ types: 0, countries: 0 }))).toEqual(['41 projects created', '9 projects unchanged', '0 rows skipped'])
    expect(runAccount(gold(undefined))).toEqual(['41 projects created', '9 projects unchanged', '0 rows skipped'])
  })
})
