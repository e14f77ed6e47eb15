import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it } from 'vitest'
import type { CoverageMatrix } from '../../src/api/contract/coverage'
import type { SourceList, SourceRun } from '../../src/api/contract/sources'
import { MemoryRouter } from 'react-router-dom'
import { SelectionBar } from '../../src/features/coverage/components/selection-bar'
import { renderApp } from './render-app'

const api = async <T,>(path: string) => (await (await fetch(`${inject('proxyUrl')}${path}`)).json()) as T
const matrix = (query = '') => api<CoverageMatrix>(`/api/coverage?per_page=20000&sort=stalest${query}`)
const number = (value: number) => value.toLocaleString('en-US')
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the coverage heatmap', () => {
  it('summarises each source as a table of fresh, stale and missing projects', async () => {
    renderApp('/coverage')
    const expected = await matrix()
    const table = await screen.findByRole('table', { name: 'Freshness by source' })
    for (const source of expected.sources) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${escape(source.name)}`) })
      const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent)
      expect(cells.slice(1, 4)).toEqual([number(source.summary.fresh), number(source.summary.stale), number(source.summary.missing)])
    }
    expect(screen.getByRole('heading', { name: new RegExp(`${number(expected.total)} projects × ${expected.sources.length} sources`) })).toBeInTheDocument()
  })

  it('moves across cells with the arrow keys, announces each, and opens the project with Enter', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/coverage')
    const expected = await matrix()
    const heatmap = await screen.findByRole('application', { name: /Coverage heatmap/ })
    heatmap.focus()
    const first = expected.rows[0]
    await waitFor(() =>
      expect(screen.getByText(/^Focused: /)).toHaveTextContent(`Focused: ${first.name} (${first.key}), ${expected.sources[0].name}:`),
    )
    await user.keyboard('{ArrowRight}')
    expect(screen.getByText(/^Focused: /)).toHaveTextContent(`, ${expected.sources[1].name}:`)
    await user.keyboard('{ArrowDown}')
    const second = expected.rows[1]
    expect(screen.getByText(/^Focused: /)).toHaveTextContent(`Focused: ${second.name} (${second.key})`)
    expect(screen.getByText(/^Focused: /)).toHaveTextContent(/: (fresh|stale|never updated|not applicable)/)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${second.key}`))
  })

  it('keeps its filters in the URL and asks the API for the matching projects', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/coverage')
    await screen.findByRole('application', { name: /Coverage heatmap/ })
    await user.selectOptions(screen.getByLabelText('Projects with a cell that is'), 'stale')
    await waitFor(() => expect(router.state.location.search).toBe('?state=stale'))
    const stale = await matrix('&state=stale')
    expect(await screen.findByRole('heading', { name: new RegExp(`^${number(stale.total)} projects`) })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reset view' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('offers as sources to filter by only those the map draws a column for', async () => {
    renderApp('/coverage')
    const expected = await matrix()
    const source = await screen.findByLabelText('Source')
    await waitFor(() => expect(within(source).getAllByRole('option')).toHaveLength(expected.sources.length + 1))
    expect(within(source).getAllByRole('option').map((option) => option.textContent)).toEqual(['All sources', ...expected.sources.map((s) => s.name)])
    // The open rating is in the catalog of sources, worked out from the others: it has no column to filter to.
    const catalog = await api<SourceList>('/api/sources')
    expect(catalog.data.some((s) => s.id === 'src_ratings')).toBe(true)
    expect(within(source).queryByRole('option', { name: /open rating/ })).toBeNull()
  })

  it('says beside the Source filter why a link naming a source without a column shows no map', async () => {
    renderApp('/coverage?source=src_ratings')
    const source = await screen.findByLabelText('Source')
    await waitFor(() => expect(source).toHaveAccessibleDescription(/“src_ratings” draws no column of the coverage map; its columns are src_/))
    expect(source).toHaveValue('src_ratings')
    // Said once, beside its cause: no second box below offering to try again what could not succeed.
    expect(screen.queryByText('Could not load the coverage matrix')).toBeNull()
  })

  it('falls back to the defaults for a mangled link', async () => {
    renderApp('/coverage?state=rotten&rows=7&sort=sideways')
    await screen.findByRole('application', { name: /Coverage heatmap/ })
    expect(screen.getByLabelText('Projects with a cell that is')).toHaveValue('')
    expect(screen.getByLabelText('Order')).toHaveValue('stalest')
  })

  it('selects a cell with the space bar and offers a run for it', async () => {
    const user = userEvent.setup()
    renderApp('/coverage')
    const expected = await matrix()
    const heatmap = await screen.findByRole('application', { name: /Coverage heatmap/ })
    heatmap.focus()
    await user.keyboard(' ')
    expect(await screen.findByRole('heading', { name: `1 project selected from ${expected.sources[0].name}` })).toBeInTheDocument()
    await user.keyboard(' ')
    expect(screen.queryByRole('heading', { name: /selected from/ })).not.toBeInTheDocument()
  })

  it('starts a run for exactly the stale cells of one source and opens the run', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/coverage')
    const expected = await matrix()
    // A source a run refreshes: a registry's and a dataset's cells are refreshed by importing their files.
    const runnable = (await api<SourceList>('/api/sources')).data.filter((source) => source.connected && source.kind !== 'registry' && source.kind !== 'dataset')
    const connected = new Set(runnable.map((source) => source.id))
    const column = expected.sources.findIndex((source) => connected.has(source.id) && source.summary.stale > 0 && source.summary.stale <= 1000)
    const source = expected.sources[column]
    await screen.findByRole('application', { name: /Coverage heatmap/ })
    // A source with nothing stale says so in its row, with no button to press.
    const noneStale = expected.sources.find((s) => s.summary.stale === 0)!
    expect(noneStale).toBeDefined()
    const row = within(screen.getByRole('table', { name: 'Freshness by source' })).getByRole('rowheader', { name: noneStale.name }).closest('tr')!
    expect(row).toHaveTextContent(/None stale$/)
    expect(within(row).queryByRole('button')).toBeNull()
    await user.click(screen.getByRole('button', { name: `Select stale cells of ${source.name}` }))
    const count = source.summary.stale
    const label = `${number(count)} project${count === 1 ? '' : 's'}`
    expect(screen.getByRole('heading', { name: `${label} selected from ${source.name}` })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: `Start a run for ${label}` }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sources\/runs\/run_/))
    const runId = router.state.location.pathname.split('/').pop()!
    const run = await api<SourceRun>(`/api/source-runs/${runId}`)
    expect(run.source_id).toBe(source.id)
    expect(run.project_keys).toHaveLength(count)
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(runId) })).toBeInTheDocument()
  })

  it('offers no run for the cells of a source that is not connected, and says where its data comes from', async () => {
    // The generated catalogue's unconnected registries have no stale cells to pick on the map: the bar is shown as
    // the map shows it for a selection of theirs.
    const source = (await api<SourceList>('/api/sources')).data.find((candidate) => !candidate.connected)!
    const starter = { start: async () => Promise.reject(new Error('no run may start')), isPending: false }
    render(
      <MemoryRouter>
        <SelectionBar sourceId={source.id} sourceName={source.name} refresh="not-connected" sourcesPath="/sources" keys={new Set(['ISO1'])} starter={starter} onStarted={() => {}} onClear={() => {}} />
      </MemoryRouter>,
    )
    const bar = screen.getByRole('region', { name: new RegExp(`selected from ${escape(source.name)}$`) })
    expect(within(bar).getByText(new RegExp(`${escape(source.name)} is not connected on this machine`))).toBeInTheDocument()
    expect(within(bar).queryByRole('button', { name: /Start a run/ })).not.toBeInTheDocument()
    expect(within(bar).getByRole('link', { name: 'Sources' })).toHaveAttribute('href', '/sources')
  })

  it('offers no run for the cells of a registry whose data comes as export files, and points to importing one', async () => {
    const user = userEvent.setup()
    renderApp('/coverage')
    const expected = await matrix()
    const byExport = new Set((await api<SourceList>('/api/sources')).data.filter((source) => source.connected && source.kind === 'registry').map((source) => source.id))
    const source = expected.sources.find((candidate) => byExport.has(candidate.id) && candidate.summary.stale > 0)!
    await screen.findByRole('application', { name: /Coverage heatmap/ })
    await user.click(screen.getByRole('button', { name: `Select stale cells of ${source.name}` }))
    // Every stale cell, not the stalest a run could cover: no run is offered to fit.
    const bar = screen.getByRole('region', { name: new RegExp(`^${number(source.summary.stale)} projects? selected from ${escape(source.name)}$`) })
    expect(within(bar).getByText(new RegExp(`${escape(source.name)} publishes its data as export files`))).toBeInTheDocument()
    expect(within(bar).queryByText(/stalest/)).not.toBeInTheDocument()
    expect(within(bar).queryByRole('button', { name: /Start a run/ })).not.toBeInTheDocument()
    expect(within(bar).getByRole('link', { name: 'Sources' })).toHaveAttribute('href', '/sources')
  })

  it("offers no run for Berkeley's cells, whose run reads again the release they date from, and points to importing a newer one", () => {
    // The generated catalogue has no cell of Berkeley's: the bar is shown as the map shows it for a selection of them.
    const starter = { start: async () => Promise.reject(new Error('no run may start')), isPending: false }
    render(
      <MemoryRouter>
        <SelectionBar sourceId="src_vrod" sourceName="Berkeley" refresh="release" sourcesPath="/sources" keys={new Set(['VCS1', 'VCS2'])} starter={starter} onStarted={() => {}} onClear={() => {}} />
      </MemoryRouter>,
    )
    const bar = screen.getByRole('region', { name: '2 projects selected from Berkeley' })
    expect(bar).toHaveTextContent('Berkeley publishes its data as releases, and these cells are as old as the newest one imported: import a newer release on the Sources page to refresh them.')
    expect(within(bar).queryByRole('button', { name: /Start a run/ })).not.toBeInTheDocument()
    expect(within(bar).getByRole('link', { name: 'Sources' })).toHaveAttribute('href', '/sources')
  })

  it('says the selection is the stalest of more stale cells than one run covers, and offers the run', () => {
    // A simulated market's prices of the whole catalogue all stale: "Select stale cells" takes the 1,000 stalest
    // (staleKeys' order).
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => `VCS${i + 1}`))
    const starter = { start: async () => Promise.reject(new Error('no run may start')), isPending: false }
    render(
      <MemoryRouter>
        <SelectionBar sourceId="src_marketsource" sourceName="Market prices" refresh="run" sourcesPath="/sources" keys={keys} staleOf={10_975} starter={starter} onStarted={() => {}} onClear={() => {}} />
      </MemoryRouter>,
    )
    const bar = screen.getByRole('region', { name: '1,000 projects selected from Market prices' })
    expect(within(bar).getByText(/They are the 1,000 stalest of 10,975 stale cells: a run covers at most 1,000 projects/)).toBeInTheDocument()
    expect(within(bar).getByRole('button', { name: 'Start a run for 1,000 projects' })).toBeEnabled()
  })
})
