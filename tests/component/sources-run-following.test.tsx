import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { SourceRun } from '../../src/api/contract/sources'
import { coverageQueries } from '../../src/api/queries/coverage'
import { projectQueries } from '../../src/api/queries/projects'
import { sourceQueries, sourceRunQueries } from '../../src/api/queries/sources'
import { refreshAfterRun } from '../../src/features/sources/api/refresh-after-run'
import { firstPollMs, maxPollMs, nextPollStep, sourceRunPollInterval } from '../../src/features/sources/api/run-polling'

const run = (changes: Partial<SourceRun> = {}): SourceRun => ({
  id: 'run_1',
  object: 'source_run',
  source_id: 'src_marketsource',
  connector: 'marketsource',
  state: 'running',
  simulated: false,
  project_keys: null,
  file: null,
  files: [],
  as_of: null,
  as_of_basis: null,
  created_at: '2026-11-22T00:00:00Z',
  started_at: '2026-11-22T00:00:01Z',
  finished_at: null,
  progress: { processed: 10, total: 100, of: ['projects'] },
  counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  counts_by_kind: null,
  skipped_rows: [],
  skipped_projects: [],
  error: null,
  ...changes,
})

describe('following a run', () => {
  it('polls quickly while progress moves and doubles the wait up to 5 s while it does not', () => {
    let step = nextPollStep(undefined, run())
    expect(step?.delay).toBe(firstPollMs)
    const delays = []
    for (let i = 0; i < 6; i++) {
      step = nextPollStep(step!, run())
      delays.push(step?.delay)
    }
    expect(delays).toEqual([1000, 2000, 4000, maxPollMs, maxPollMs, maxPollMs])
    expect(nextPollStep(step!, run({ progress: { processed: 11, total: 100, of: ['projects'] } }))?.delay).toBe(firstPollMs)
    expect(nextPollStep(step!, run({ state: 'succeeded' }))).toBeNull()
    expect(nextPollStep(step!, run({ state: 'failed' }))).toBeNull()
  })

  it('gives the same interval however often it is asked about the same answer', () => {
    const queryClient = new QueryClient()
    const key = sourceRunQueries.detail('run_1').queryKey
    queryClient.setQueryData(key, run())
    const query = queryClient.getQueryCache().find<SourceRun, Error, SourceRun>({ queryKey: key })!
    expect(sourceRunPollInterval(query)).toBe(500)
    expect(sourceRunPollInterval(query)).toBe(500)
    queryClient.setQueryData(key, run(), { updatedAt: Date.now() + 1 })
    expect(sourceRunPollInterval(query)).toBe(1000)
    queryClient.setQueryData(key, run({ state: 'succeeded' }), { updatedAt: Date.now() + 2 })
    expect(sourceRunPollInterval(query)).toBe(false)
  })
})

function cacheWithEverything() {
  const queryClient = new QueryClient()
  const entries = {
    coverage: coverageQueries.matrix({ sort: 'stalest' }).queryKey,
    sources: sourceQueries.list().queryKey,
    runs: sourceRunQueries.list({ per_page: 20 }).queryKey,
    thisRun: sourceRunQueries.detail('run_1').queryKey,
    projectList: projectQueries.list({}).queryKey,
    touchedProject: projectQueries.detail('vcs191').queryKey,
    otherProject: projectQueries.detail('GS337').queryKey,
    touchedPrice: ['prices', 'spot', 'VCS191'],
    otherPrice: ['prices', 'spot', 'GS337'],
  }
  for (const key of Object.values(entries)) queryClient.setQueryData(key, {})
  const invalidated = () =>
    Object.entries(entries)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
  return { queryClient, invalidated }
}

describe('when a run ends', () => {
  it('refreshes coverage, sources, runs, the touched projects and their prices after a market run succeeds', async () => {
    const { queryClient, invalidated } = cacheWithEverything()
    await refreshAfterRun(queryClient, run({ state: 'succeeded', project_keys: ['VCS191'] }))
    expect(invalidated()).toEqual(['coverage', 'sources', 'runs', 'projectList', 'touchedProject', 'touchedPrice'])
  })

  it('refreshes every project and price when the run covered the whole source', async () => {
    const { queryClient, invalidated } = cacheWithEverything()
    await refreshAfterRun(queryClient, run({ state: 'succeeded' }))
    expect(invalidated()).toEqual(expect.arrayContaining(['otherProject', 'otherPrice']))
    expect(invalidated()).not.toContain('thisRun')
  })

  it('leaves prices alone after a registry run', async () => {
    const { queryClient, invalidated } = cacheWithEverything()
    await refreshAfterRun(queryClient, run({ state: 'succeeded', connector: 'verra', source_id: 'src_verra' }))
    expect(invalidated()).not.toContain('touchedPrice')
  })

  it('changes no data views after a simulated run, only the list of runs', async () => {
    const { queryClient, invalidated } = cacheWithEverything()
    await refreshAfterRun(queryClient, run({ state: 'succeeded', simulated: true }))
    expect(invalidated()).toEqual(['runs'])
  })

  it('refreshes the catalog and the runs, not the data, after a failed run', async () => {
    const { queryClient, invalidated } = cacheWithEverything()
    await refreshAfterRun(queryClient, run({ state: 'failed' }))
    expect(invalidated()).toEqual(['sources', 'runs'])
  })
})
