import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SourceRun } from '../../src/api/contract/sources'
import { RunProgress } from '../../src/features/sources/components/run-progress'

const run = (state: SourceRun['state'], processed: number, total: number | null, of: SourceRun['progress']['of'] = ['projects']): SourceRun => ({
  id: 'run_1',
  object: 'source_run',
  source_id: 'src_vrod',
  connector: 'vrod',
  state,
  simulated: false,
  project_keys: null,
  file: null,
  files: [],
  as_of: null,
  as_of_basis: null,
  created_at: '2026-11-24T10:00:00.000Z',
  started_at: '2026-11-24T10:00:01.000Z',
  finished_at: state === 'running' || state === 'queued' ? null : '2026-11-24T10:00:09.000Z',
  progress: { processed, total, of },
  counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  counts_by_kind: null,
  skipped_rows: [],
  skipped_projects: [],
  error: null,
})

/** A bar with no value is the browser's "under way" animation; only a run at work may show it. */
describe('the progress of a run', () => {
  it('moves without a total only while the run is at work', () => {
    render(<RunProgress run={run('running', 120, null)} />)
    const bar = screen.getByRole('progressbar', { name: 'Progress' })
    expect(bar).not.toHaveAttribute('value')
    expect(screen.getByText('120 projects processed so far')).toBeInTheDocument()
  })

  it('stands still where a failed run stopped, and says it stopped', () => {
    render(<RunProgress run={run('failed', 120, null)} />)
    const bar = screen.getByRole('progressbar', { name: 'Progress' })
    expect(bar).toHaveAttribute('value', '0')
    expect(screen.getByText('120 projects processed before the run stopped')).toBeInTheDocument()
  })

  it('is full when a run without a total succeeded, and counts against the total when there is one', () => {
    const { unmount } = render(<RunProgress run={run('succeeded', 300, null)} />)
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '1')
    unmount()
    render(<RunProgress run={run('failed', 250, 1000)} />)
    const bar = screen.getByRole('progressbar', { name: 'Progress' })
    expect(bar).toHaveAttribute('value', '250')
    expect(bar).toHaveAttribute('max', '1000')
    expect(screen.getByText('250 of 1,000 projects processed (25%)')).toBeInTheDocument()
  })

  it('says a run that has read all it counts is writing it, and moves as one at work', () => {
    render(<RunProgress run={run('running', 10_975, 10_975)} />)
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('value')
    expect(screen.getByText('10,975 of 10,975 projects processed; writing them to the catalogue')).toBeInTheDocument()
  })

  it("names what the run counts: a registry's listings and records together are never all projects", () => {
    const { unmount } = render(<RunProgress run={run('succeeded', 265, 265, ['projects', 'records'])} />)
    expect(screen.getByText('265 of 265 projects and records processed (100%)')).toBeInTheDocument()
    unmount()
    render(<RunProgress run={run('running', 1, null, ['rows'])} />)
    expect(screen.getByText('1 row processed so far')).toBeInTheDocument()
  })

  it('names nothing it was not told: a run that has not said what it counts is "processed"', () => {
    render(<RunProgress run={run('queued', 0, null, [])} />)
    expect(screen.getByText('0 processed so far')).toBeInTheDocument()
  })
})
