import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { SourceList, SourceRun } from '../../src/api/contract/sources'
import { sourceQueries } from '../../src/api/queries/sources'
import { paths } from '../../src/app/paths'
import { RunStatus } from '../../src/features/sources/components/run-status'

/** The run's status as its page shows it, with the catalog of sources the views share already read. */
function renderStatus(of: SourceRun) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(sourceQueries.list().queryKey, { object: 'list', data: [{ id: 'src_gold_standard', registry: 'GS', name: 'Gold Standard' }] } as unknown as SourceList)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RunStatus run={of} links={paths} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const run = (types: number): SourceRun => ({
  id: 'run_1',
  object: 'source_run',
  source_id: 'src_gold_standard',
  connector: 'registry-file',
  state: 'succeeded',
  simulated: false,
  project_keys: null,
  file: null,
  files: [],
  as_of: '2026-04-14T00:00:00Z',
  as_of_basis: 'file_name',
  created_at: '2026-11-22T00:00:00Z',
  started_at: '2026-11-22T00:00:01Z',
  finished_at: '2026-11-22T00:00:09Z',
  progress: { processed: 50, total: 50, of: ['projects', 'records'] },
  counts: { created: 50, updated: 0, unchanged: 0, skipped: 0 },
  counts_by_kind: { projects: { created: 50, updated: 0, unchanged: 0 }, skipped: { rows: 0, projects: 0 }, unmapped: { types, countries: 0 } },
  skipped_rows: [],
  skipped_projects: [],
  error: null,
})

describe("a run's new listings no rule types", () => {
  it("are counted and listed: the account links to the registry's projects typed Unknown", () => {
    renderStatus(run(16))
    expect(screen.getByText(/16 new listings typed Unknown/)).toBeInTheDocument()
    // Of the run's registry: every registry's 23 were listed for Gold Standard's 16.
    expect(screen.getByRole('link', { name: 'List the projects typed Unknown' })).toHaveAttribute('href', '/projects?type=Unknown&registry=GS')
  })

  it('offer no such link where every listing was typed', () => {
    renderStatus(run(0))
    expect(screen.queryByRole('link', { name: 'List the projects typed Unknown' })).toBeNull()
  })
})
