import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it } from 'vitest'
import { renderApp } from './render-app'

const totalFor = async (query: string) =>
  ((await (await fetch(`${inject('proxyUrl')}/api/projects?per_page=1${query}`)).json()) as { total: number }).total

describe('the project browser', () => {
  it('says how many projects match and offers sortable column headers', async () => {
    renderApp('/projects')
    const total = await totalFor('')
    expect(await screen.findByText(`${total.toLocaleString('en-US')} projects`)).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: /Key/ })).toHaveAttribute('aria-sort')
  })

  it('shows first the values a link chose, ticked, and keeps a value ticked later where it was', async () => {
    const user = userEvent.setup()
    const facets = (await (await fetch(`${inject('proxyUrl')}/api/projects/facets`)).json()) as { facets: { type: { value: string; count: number }[] } }
    // The run page's "List the projects typed Unknown" opened the panel with its one ticked value far down the list.
    const last = facets.facets.type.filter((facet) => facet.count > 0).at(-1)!.value
    renderApp(`/projects?type=${encodeURIComponent(last)}`)
    const types = await screen.findByRole('group', { name: 'Type' })
    await waitFor(() => expect(within(types).getAllByRole('checkbox').length).toBeGreaterThan(2))
    const [first, second] = within(types).getAllByRole('checkbox')
    expect(first).toBeChecked()
    expect(first.closest('label')).toHaveTextContent(last)
    expect(second).not.toBeChecked()
    const secondName = second.closest('label')!.textContent
    await user.click(second)
    await waitFor(() => expect(within(types).getAllByRole('checkbox')[1]).toBeChecked())
    expect(within(types).getAllByRole('checkbox')[1].closest('label')).toHaveTextContent(secondName!)
  })

  it('says a page number past the end is past it, and goes to the last page', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects?page=9999')
    const total = await totalFor('')
    const pages = Math.ceil(total / 50)
    expect(await screen.findByRole('heading', { name: 'Past the last page' })).toBeInTheDocument()
    expect(screen.getByText(`Page 9,999 is past the end: the ${total.toLocaleString('en-US')} projects fill ${pages.toLocaleString('en-US')} ${pages === 1 ? 'page' : 'pages'} of 50.`)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }))
    await waitFor(() => expect(router.state.location.search).toBe(pages === 1 ? '' : `?page=${pages}`))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it('puts the search in the URL and counts only the matching projects', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects')
    await user.type(await screen.findByLabelText('Search'), 'GS1')
    await waitFor(() => expect(router.state.location.search).toContain('q=GS1'))
    const matching = await totalFor('&q=GS1')
    expect(matching).toBeLessThan(await totalFor(''))
    expect(await screen.findByText(`${matching.toLocaleString('en-US')} projects`)).toBeInTheDocument()
  })

  it('says beside the box that a search over 200 characters is too long, keeps it, and lists nothing as its answer', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects?q=GS1')
    const box = await screen.findByLabelText('Search')
    await screen.findByRole('table')
    const long = 'x'.repeat(201)
    // The long search pasted over the one there, in one step: cleared first, the empty box is a search of its own,
    // which a busy machine ran (to the address, without `q`) before the paste came.
    await user.tripleClick(box)
    await user.paste(long)
    expect(await screen.findByText('A search is at most 200 characters; this one has 201.')).toBeInTheDocument()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box).toHaveAccessibleDescription('A search is at most 200 characters; this one has 201.')
    expect(box).toHaveValue(long)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByText('Search not run')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(router.state.location.search).toBe('?q=GS1')
  })

  it('says a search alone found nothing in terms of the search, not of filters', async () => {
    renderApp('/projects?q=zzqqxxnothing')
    expect(await screen.findByText('No projects match')).toBeInTheDocument()
    expect(screen.getByText("No project's key or name contains “zzqqxxnothing”. Try part of a key (VCS191) or a word of the name.")).toBeInTheDocument()
  })

  it('shows a search given too long in the address as given, says why, and lists nothing', async () => {
    const long = 'y'.repeat(500)
    renderApp(`/projects?q=${long}`)
    expect(await screen.findByLabelText('Search')).toHaveValue(long)
    expect(await screen.findByText('A search is at most 200 characters; this one has 500.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByText(/^[\d,]+ projects?$/)).not.toBeInTheDocument()
  })
})

describe('the price lookup', () => {
  it('reports malformed keys next to the text area and keeps the text', async () => {
    const user = userEvent.setup()
    renderApp('/prices')
    const keys = await screen.findByLabelText('Project keys')
    await user.type(keys, 'VCS191, <script>')
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    await waitFor(() => expect(keys).toHaveAttribute('aria-invalid', 'true'))
    expect(keys).toHaveValue('VCS191, <script>')
  })
})
