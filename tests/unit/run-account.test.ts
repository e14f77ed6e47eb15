import { describe, expect, it } from 'vitest'
import type { SourceRun } from '../../src/api/contract/sources'
import { progressNoun, readAccount, runAccount } from '../../src/api/run-account'

const file = (name: string) => ({ id: `file_${name.replace(/\W/g, '')}`, name, bytes: 1024, sha256: null })

const run = (changes: Partial<SourceRun>): SourceRun => ({
  id: 'run_1',
  object: 'source_run',
  source_id: 'src_verra',
  connector: 'verra',
  state: 'succeeded',
  simulated: false,
  project_keys: null,
  file: null,
  files: [],
  as_of: '2026-04-13T00:00:00.000Z',
  as_of_basis: 'contents',
  created_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:01.000Z',
  finished_at: '2026-11-24T10:00:09.000Z',
  progress: { processed: 0, total: 0, of: [] },
  counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  counts_by_kind: null,
  skipped_rows: [],
  skipped_projects: [],
  error: null,
  ...changes,
})

const none = { rows: 0, projects: 0 }

describe("a run's account of what it changed", () => {
  it("names a registry export's projects and records apart, and the rows it skipped", () => {
    const verra = run({
      files: [file('projects.csv'), file('transactions.csv')],
      counts_by_kind: { projects: { created: 50, updated: 0, unchanged: 0 }, records: { created: 215, updated: 0, unchanged: 0 }, skipped: none },
    })
    expect(runAccount(verra)).toEqual(['50 projects created', '215 records created', '0 rows skipped'])
  })

  it("says what a registry's files gave beside the records they made: rows joined to their issuance, records given twice, projects not asked for", () => {
    const acr = (read: NonNullable<NonNullable<SourceRun['counts_by_kind']>['read']>) =>
      readAccount(run({ source_id: 'src_acr', counts_by_kind: { records: { created: 238, updated: 0, unchanged: 0 }, read, skipped: none } }))
    expect(acr({ rows: 250, joined_rows: 12, repeated_records: 0, outside_run: 0 })).toBe('Read 250 rows: 12 rows continued an issuance begun on an earlier row, and joined its record.')
    expect(acr({ rows: 500, joined_rows: 24, repeated_records: 238, outside_run: 1 })).toBe(
      'Read 500 rows: 24 rows continued an issuance begun on an earlier row, and joined its record; 238 records given again by a later file, counted once; 1 record or listing of projects the run was not asked for.',
    )
    expect(acr({ rows: 1, joined_rows: 0, repeated_records: 0, outside_run: 0 })).toBe('Read 1 row.')
    // Verra's rows that retire credits of their block give a record of that too: 50 projects and 215 records of 250 rows.
    const read = (paired: number, because?: string[]) =>
      readAccount(run({ source_id: 'src_cercarbono', counts_by_kind: { records: { created: 238, updated: 0, unchanged: 0 }, read: { rows: 250, joined_rows: 0, paired_rows: paired, paired_because: because, repeated_records: 0, outside_run: 0 }, skipped: none } }))
    // Each run says why its rows gave more, as its files' formats told it: Cercarbono's 250 rows gave 864 more, which no
    // "rows" could, and Verra's reason was once said of them.
    expect(read(864, ["of the serials a project's listing gives, buffer batches among them"])).toBe(
      "Read 250 rows: 864 extra records (the serials a project's listing gives, buffer batches among them).",
    )
    expect(read(100, ["of issuances' parts into the buffer pool", 'of two more'])).toBe("Read 250 rows: 100 extra records (issuances' parts into the buffer pool; two more).")
    // A run from before runs said why is told plainly, never another source's reason.
    expect(read(100)).toBe('Read 250 rows: 100 extra records, from rows that gave more than one.')
    expect(read(1, ['of a serial range given twice'])).toBe('Read 250 rows: 1 extra record (a serial range given twice).')
    const verra = (read: NonNullable<NonNullable<SourceRun['counts_by_kind']>['read']>) =>
      readAccount(run({ source_id: 'src_verra', counts_by_kind: { records: { created: 215, updated: 0, unchanged: 0 }, read, skipped: none } }))
    expect(verra({ rows: 250, joined_rows: 85, paired_rows: 100, paired_because: ["of retirements and cancellations written on their block's row"], repeated_records: 0, outside_run: 0 })).toBe(
      "Read 250 rows: 85 rows continued an issuance begun on an earlier row, and joined its record; 100 extra records (retirements and cancellations written on their block's row).",
    )
    // Runs of other sources, and runs finished before runs said, say nothing of it.
    expect(readAccount(run({ counts_by_kind: { projects: { created: 1, updated: 0, unchanged: 0 }, skipped: none } }))).toBeNull()
  })

  it('says each change of a kind, in the singular for one', () => {
    const again = run({
      files: [file('transactions.csv')],
      counts_by_kind: { projects: { created: 0, updated: 0, unchanged: 0 }, records: { created: 0, updated: 1, unchanged: 214 }, skipped: { rows: 1, projects: 0 } },
    })
    expect(runAccount(again)).toEqual(['1 record updated', '214 records unchanged', '1 row skipped'])
  })

  it("counts Berkeley's file in projects, and keys it does not hold as projects skipped", () => {
    const berkeley = run({
      connector: 'vrod',
      files: [file('vrod.parquet')],
      counts_by_kind: { projects: { created: 10_975, updated: 0, unchanged: 0 }, skipped: { rows: 2, projects: 1 } },
    })
    expect(runAccount(berkeley)).toEqual(['10,975 projects created', '2 rows skipped', '1 project skipped'])
  })

  it("counts the market's prices, quotes and ratings as what they are", () => {
    expect(runAccount(run({ counts_by_kind: { prices: { created: 3, updated: 40, unchanged: 0 }, skipped: { rows: 0, projects: 7 } } }))).toEqual([
      '3 prices created',
      '40 prices updated',
      '7 projects skipped',
    ])
    expect(runAccount(run({ files: [file('quotes.csv')], counts_by_kind: { quotes: { created: 2, updated: 0, unchanged: 0 }, skipped: { rows: 2, projects: 0 } } }))).toEqual([
      '2 quotes created',
      '2 rows skipped',
    ])
    expect(runAccount(run({ counts_by_kind: { ratings: { created: 0, updated: 0, unchanged: 0 }, skipped: none } }))).toEqual(['0 ratings changed', '0 projects skipped'])
  })

  it('keeps the totals of a run finished before runs counted by kind, and says nothing of a run under way or failed', () => {
    const older = run({ counts: { created: 265, updated: 0, unchanged: 0, skipped: 0 } })
    expect(runAccount(older)).toEqual(['265 created', '0 updated', '0 unchanged', '0 skipped'])
    expect(runAccount(run({ state: 'running' }))).toBeNull()
    expect(runAccount(run({ state: 'failed' }))).toBeNull()
  })
})

describe('what a run processes', () => {
  it('is named for what the run said it counts, and nothing where it has not said', () => {
    expect(progressNoun(['projects'], 1)).toBe('project')
    expect(progressNoun(['rows'], 12)).toBe('rows')
    expect(progressNoun(['projects', 'records'], 265)).toBe('projects and records')
    expect(progressNoun([], 265)).toBe('')
  })
})
