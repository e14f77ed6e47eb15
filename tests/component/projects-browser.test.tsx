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

  it('puts the search in the URL and counts only the matching projects', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/projects')
    await user.type(await screen.findByLabelText('Search'), 'GS1')
    await waitFor(() => expect(router.state.location.search).toContain('q=GS1'))
    const matching = await totalFor('&q=GS1')
    expect(matching).toBeLessThan(await totalFor(''))
    expect(await screen.findByText(`${matching.toLocaleString('en-US')} projects`)).toBeInTheDocument()
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
