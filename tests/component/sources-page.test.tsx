import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it } from 'vitest'
import type { Source, SourceRun, SourceRunPage } from '../../src/api/contract/sources'
import { ratingVersion } from '../../src/server/core/method-versions'
import { useStartSourceRun } from '../../src/features/sources/api/use-start-source-run'
import { RunForm } from '../../src/features/sources/components/run-form'
import { renderApp } from './render-app'

const api = async <T,>(path: string) => (await (await fetch(`${inject('proxyUrl')}${path}`)).json()) as T
const keysOnPage = async (page: number) =>
  (await api<{ data: { key: string }[] }>(`/api/projects?sort=key&per_page=2&page=${page}`)).data.map((p) => p.key)
const runsFor = async (keys: string[]) =>
  (await api<SourceRunPage>('/api/source-runs?per_page=100')).data.filter(
    (run) => JSON.stringify(run.project_keys) === JSON.stringify(keys),
  )

describe('the source catalog', () => {
  it('lists every source with its kind, connector, cadence, last run and state', async () => {
    renderApp('/sources')
    const sources = (await api<{ data: Source[] }>('/api/sources')).data
    const table = await screen.findByRole('table', { name: /Source catalog/ })
    expect(within(table).getAllByRole('row')).toHaveLength(sources.length + 1)
    const market = within(table).getByRole('row', { name: /Market prices/ })
    expect(within(market).getByText('marketsource')).toBeInTheDocument()
    expect(within(market).getByText('Market')).toBeInTheDocument()
    expect(within(market).getByText('Daily')).toBeInTheDocument()
  })

  it('says in words how the open rating is formed, and links its method beside it', async () => {
    renderApp('/sources')
    const table = await screen.findByRole('table', { name: /Source catalog/ })
    const rating = within(table).getByRole('row', { name: /Credence open rating/ })
    // It named `GET /api/rating-method`, the API's own address, to a buyer reading the catalog.
    expect(rating).not.toHaveTextContent(/GET |\/api\//)
    expect(within(rating).getByRole('link', { name: 'How the rating is formed' })).toHaveAttribute('href', '/rating-method')
  })

  it('sorts by a column header and keeps the order in the URL', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/sources')
    const table = await screen.findByRole('table', { name: /Source catalog/ })
    await user.click(within(table).getByRole('button', { name: /Projects covered/ }))
    await waitFor(() => expect(router.state.location.search).toMatch(/sort=-?projects/))
    const header = within(table).getByRole('columnheader', { name: /Projects covered/ })
    expect(header).toHaveAttribute('aria-sort')
  })
})

describe('the run form', () => {
  it('asks for a source and explains a malformed key next to the keys, keeping what was typed', async () => {
    const user = userEvent.setup()
    renderApp('/sources')
    await screen.findByRole('table', { name: /Source catalog/ })
    await user.click(screen.getByRole('button', { name: 'Start run' }))
    expect(await screen.findByText('Choose the source to run.')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Source'), 'src_ratings')
    const keys = screen.getByLabelText(/Project keys/)
    await user.type(keys, 'VCS191, <bad>')
    await user.click(screen.getByRole('button', { name: 'Start run' }))
    await waitFor(() => expect(keys).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText(/This is not a project key: “<bad>”\. A key is 2 to 40 characters/)).toBeInTheDocument()
    expect(keys).toHaveValue('VCS191, <bad>')
  })

  it('starts one run for a double click, follows it to its end and lists it', async () => {
    const user = userEvent.setup()
    const keys = await keysOnPage(7)
    const { router } = renderApp('/sources')
    await screen.findByRole('table', { name: /Source catalog/ })
    await user.selectOptions(screen.getByLabelText('Source'), 'src_marketsource')
    await user.type(screen.getByLabelText(/Project keys/), keys.join('\n'))
    await user.dblClick(screen.getByRole('button', { name: 'Start run' }))
    await waitFor(() => expect(router.state.location.search).toMatch(/run=run_/))
    const runId = new URLSearchParams(router.state.location.search).get('run')!
    const followed = await screen.findByRole('region', { name: new RegExp(runId) })
    await within(followed).findByText('Succeeded', {}, { timeout: 20_000 })
    expect(within(followed).getByText('Progress')).toBeInTheDocument()
    expect(within(followed).getByRole('progressbar')).toBeInTheDocument()
    // What it changed, named for what the market writes: prices.
    expect(within(followed).getByText(/^\d+ prices? (created|updated|changed)/)).toBeInTheDocument()
    expect(await runsFor(keys)).toHaveLength(1)
    const recent = screen.getByRole('region', { name: 'Recent runs' })
    expect(await within(recent).findByRole('link', { name: runId })).toBeInTheDocument()
  })

  it('puts the server’s objection on the field it concerns', async () => {
    const user = userEvent.setup()
    const unknown = { id: 'src_retired', name: 'Retired feed', connector: 'retired', connected: true } as Source
    const started: SourceRun[] = []
    function Harness() {
      const starter = useStartSourceRun()
      return <RunForm sources={[unknown]} starter={starter} onStarted={(run) => started.push(run)} />
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <Harness />
      </QueryClientProvider>,
    )
    await user.selectOptions(screen.getByLabelText('Source'), 'src_retired')
    await user.click(screen.getByRole('button', { name: 'Start run' }))
    const source = screen.getByLabelText('Source')
    await waitFor(() => expect(source).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText(/No source "src_retired"/)).toBeInTheDocument()
    expect(started).toEqual([])
  })

  it('lists a source that is not connected without offering it, and shows the API’s words if a stale list offers it', async () => {
    const user = userEvent.setup()
    renderApp('/sources')
    await screen.findByRole('table', { name: /Source catalog/ })
    const puroOption = screen.getByRole('option', { name: /Puro Registry \(puro\), not connected/ })
    expect(puroOption).toBeDisabled()
    // A registry whose exports Credence reads is connected, and imported from its files rather than run.
    expect(screen.getByRole('option', { name: /Verra Registry \(verra\), import its export files with Import a file/ })).toBeDisabled()
    const table = screen.getByRole('table', { name: /Source catalog/ })
    expect(within(within(table).getByRole('row', { name: /Puro Registry/ })).getByText('Not connected')).toBeInTheDocument()
    expect(screen.getByText(/sources have no registry to call from here, so they cannot be run/)).toBeInTheDocument()

    // A list read before the source was disconnected still offers it: the 409 is shown in the API's words.
    const sources = (await api<{ data: Source[] }>('/api/sources')).data
    const puro = { ...sources.find((source) => source.id === 'src_puro')!, connected: true, kind: 'dataset' as const }
    function Harness() {
      const starter = useStartSourceRun()
      return <RunForm sources={[puro]} starter={starter} onStarted={() => {}} />
    }
    cleanup()
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <Harness />
      </QueryClientProvider>,
    )
    await user.selectOptions(screen.getByLabelText('Source'), 'src_puro')
    await user.click(screen.getByRole('button', { name: 'Start run' }))
    const refusal = await screen.findByRole('alert')
    const problem = await (
      await fetch(`${inject('proxyUrl')}/api/source-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'src_puro' }),
      })
    ).json()
    expect(problem.status).toBe(409)
    expect(refusal).toHaveTextContent(problem.detail)
  })
})

describe('a run’s own page', () => {
  it('shows a run by its address and follows it to its end', async () => {
    const keys = await keysOnPage(9)
    const response = await fetch(`${inject('proxyUrl')}/api/source-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ source: 'ratings', project_keys: keys }),
    })
    const run = (await response.json()) as SourceRun
    renderApp(`/sources/runs/${run.id}`)
    const heading = await screen.findByRole('heading', { level: 1, name: new RegExp(run.id) })
    expect(heading).toHaveTextContent(new RegExp(`^Credence open rating \\(${ratingVersion}\\) run`))
    expect(await screen.findByText('Succeeded', {}, { timeout: 20_000 })).toBeInTheDocument()
    for (const key of keys) expect(screen.getByRole('link', { name: key })).toBeInTheDocument()
    // A re-rate brings no data of its own: its date is not a gap.
    expect(screen.getByText('None of its own: each rating is dated by the facts it rated')).toBeInTheDocument()
  })

  it('says so when there is no such run', async () => {
    renderApp('/sources/runs/run_doesnotexist')
    expect(await screen.findByRole('heading', { name: 'No such run' })).toBeInTheDocument()
  })
})
