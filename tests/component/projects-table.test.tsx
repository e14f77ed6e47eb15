import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it, vi } from 'vitest'
import type { ProjectPage } from '../../src/api/contract/projects'
import type { PriceBatch } from '../../src/api/contract/prices'
import { renderApp } from './render-app'
import { giveProjectTableHeight } from './project-table-height'

giveProjectTableHeight()

const api = async <T,>(path: string): Promise<T> => (await fetch(`${inject('proxyUrl')}${path}`)).json() as Promise<T>
const firstKey = () => within(screen.getAllByRole('row')[1]).getAllByRole('link')[0].textContent

describe('the project table', () => {
  it('says a project with none of its credits left has nothing to buy, beside its price, in the list and on its page', async () => {
    const spent = (await api<ProjectPage>('/api/projects?status=registered&sort=credits_remaining&per_page=40')).data.filter((p) => p.credits.remaining === 0)
    const { data: prices } = await api<PriceBatch>(`/api/connectors/marketsource/market/batch?projectKeys=${spent.map((p) => p.key).join(',')}`)
    const priced = prices.find((price) => price.on_sale === 0)
    expect(priced, 'a registered project with none left and a price').toBeDefined()
    renderApp(`/projects/${priced!.key}`)
    expect(await screen.findByText('None of its credits are left to buy: the price is what they would fetch, not an offer.')).toBeInTheDocument()
    cleanup()
    renderApp(`/projects?q=${priced!.key}`)
    const row = (await screen.findByRole('link', { name: priced!.key })).closest('tr')!
    await waitFor(() => expect(within(row).getByText('none left to buy')).toBeInTheDocument())
  })

  it('sorts by a column from its header, says so with aria-sort, and keeps the sort in the URL', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects')
    const quality = await screen.findByRole('columnheader', { name: /Quality/ })
    expect(quality).toHaveAttribute('aria-sort', 'descending')
    const key = screen.getByRole('columnheader', { name: /Key/ })
    expect(key).toHaveAttribute('aria-sort', 'none')

    await user.click(within(key).getByRole('button', { name: 'Key' }))
    await waitFor(() => expect(router.state.location.search).toBe('?sort=key'))
    expect(screen.getByRole('columnheader', { name: /Key/ })).toHaveAttribute('aria-sort', 'ascending')
    const expected = (await api<ProjectPage>('/api/projects?sort=key&per_page=1')).data[0].key
    await waitFor(() => expect(firstKey()).toBe(expected))
  })

  it('renders the rows a URL names: filters, sort and page come back from the link', async () => {
    const url = '/projects?registry=GS&sort=-credits_remaining&page=2&per_page=25'
    renderApp(url)
    const expected = await api<ProjectPage>(`/api/projects?registry=GS&sort=-credits_remaining&page=2&per_page=25`)
    await waitFor(() => expect(firstKey()).toBe(expected.data[0].key))
    expect(screen.getByText(/Page 2 of/)).toBeInTheDocument()
    expect(await screen.findByRole('checkbox', { name: /^Gold Standard/ })).toBeChecked()
  })

  it('offers only filter values that yield projects, with their counts, and writes a choice to the URL', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects')
    const facets = await api<{ facets: { region: { value: string; count: number }[] } }>('/api/projects/facets')
    const summary = await screen.findByText('Region', { selector: 'summary' })
    await user.click(summary)
    const panel = within(summary.closest('details')!)
    const region = facets.facets.region[0]
    const box = await panel.findByRole('checkbox', { name: `${region.value} ${region.count.toLocaleString('en-US')} projects` })
    const offered = panel.getAllByRole('checkbox').length
    expect(offered).toBe(facets.facets.region.filter((r) => r.count > 0).length)
    await user.click(box)
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('region')).toBe(region.value))
    expect(await screen.findByText(`${region.count.toLocaleString('en-US')} projects`)).toBeInTheDocument()
  })

  it('says when nothing matches and clears the filters, in the URL too', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects?q=no-such-project-anywhere&registry=VCS')
    expect(await screen.findByRole('heading', { name: 'No projects match' })).toBeInTheDocument()
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })
    await user.click(clear[clear.length - 1])
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('table')).toBeInTheDocument()
    expect(screen.getByLabelText('Search')).toHaveValue('')
  })

  it('hides and shows a column', async () => {
    const user = userEvent.setup()
    renderApp('/projects')
    await screen.findByRole('columnheader', { name: /Country/ })
    await user.click(screen.getByText(/^Columns/, { selector: 'summary' }))
    await user.click(screen.getByRole('checkbox', { name: 'Country' }))
    expect(screen.queryByRole('columnheader', { name: /Country/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Country' }))
    expect(screen.getByRole('columnheader', { name: /Country/ })).toBeInTheDocument()
  })

  it('leaves registry, region, vintage and freshness out by default, says so, and shows one on request', async () => {
    localStorage.clear()
    const user = userEvent.setup()
    renderApp('/projects')
    await screen.findByRole('columnheader', { name: /Quality/ })
    expect(screen.queryByRole('columnheader', { name: /Freshness/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: /Registry/ })).not.toBeInTheDocument()
    await user.click(screen.getByText('Columns (4 hidden)', { selector: 'summary' }))
    await user.click(screen.getByRole('checkbox', { name: 'Freshness' }))
    expect(screen.getByRole('columnheader', { name: /Freshness/ })).toBeInTheDocument()
    expect(screen.getByText('Columns (3 hidden)', { selector: 'summary' })).toBeInTheDocument()
  })

  it('closes the columns panel, which lies over the table, with Escape from a checkbox in it, the focus back on its button', async () => {
    localStorage.clear()
    const user = userEvent.setup()
    renderApp('/projects')
    await screen.findByRole('columnheader', { name: /Quality/ })
    const button = screen.getByText('Columns (4 hidden)', { selector: 'summary' })
    await user.click(button)
    const panel = button.closest('details')!
    expect(panel).toHaveAttribute('open')
    await user.click(screen.getByRole('checkbox', { name: 'Freshness' }))
    expect(screen.getByRole('checkbox', { name: 'Freshness' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(panel).not.toHaveAttribute('open')
    expect(screen.getByText('Columns (3 hidden)', { selector: 'summary' })).toHaveFocus()
  })

  it('moves between rows with the arrow keys, opens one with Enter, and gives its row the focus again on the way back', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects')
    await screen.findByRole('table')
    const rows = () => screen.getAllByRole('row').slice(1)
    await waitFor(() => expect(rows().length).toBeGreaterThan(2))
    expect(rows()[0]).toHaveAttribute('tabindex', '0')
    expect(rows()[1]).toHaveAttribute('tabindex', '-1')
    rows()[0].focus()
    await user.keyboard('{ArrowDown}')
    expect(rows()[1]).toHaveFocus()
    const key = within(rows()[1]).getAllByRole('link')[0].textContent!
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${key}`))
    // Back to the list, the project's row has the focus again, not the page's top.
    await user.click(await screen.findByRole('link', { name: 'Back to projects' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'))
    await waitFor(() => expect(screen.getAllByRole('row').find((row) => row.textContent?.includes(key))).toHaveFocus())
  })

  it('shows the spot prices of a page of 25 rows from one batched request', async () => {
    // A spy that passes every call through: the answers still come from the API.
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      renderApp('/projects?per_page=25&sort=-credits_remaining')
      await screen.findByRole('table')
      await waitFor(() => expect(screen.getAllByText(/^\$\d/).length).toBeGreaterThan(0))
      const batches = fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/market/batch'))
      expect(batches).toHaveLength(1)
      expect(new URL(batches[0]).searchParams.get('projectKeys')!.split(',')).toHaveLength(25)
    } finally {
      fetchSpy.mockRestore()
    }
  })
})
