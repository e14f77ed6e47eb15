import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it } from 'vitest'
import { renderApp } from './render-app'

describe('the brief form', () => {
  it('labels every field and offers the vocabulary the API publishes, with counts', async () => {
    renderApp('/')
    const type = await screen.findByLabelText('Project type')
    expect(screen.getByLabelText('Region')).toBeInTheDocument()
    expect(screen.getByLabelText('Budget (USD)')).toBeInTheDocument()
    expect(screen.getByLabelText('Minimum vintage')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Co-benefits' })).toBeInTheDocument()
    const facets = await (await fetch(`${inject('proxyUrl')}/api/projects/facets`)).json()
    const top = facets.facets.type[0]
    await waitFor(() => expect(within(type).getByRole('option', { name: new RegExp(top.value) })).toBeInTheDocument())
    expect(within(type).getByRole('option', { name: new RegExp(top.count.toLocaleString('en-US')) })).toBeInTheDocument()
    // Berkeley's "Europe" is Northern, Southern and Western Europe, beside an "Eastern Europe" of its own: the choice
    // says so, and its value stays the region's name.
    const europe = facets.facets.region.find((facet: { value: string }) => facet.value === 'Europe')
    expect(europe).toBeDefined()
    const option = within(screen.getByLabelText('Region')).getByRole('option', { name: `Europe (Northern, Southern, Western) (${europe.count.toLocaleString('en-US')})` })
    expect(option).toHaveValue('Europe')
  })

  it('shows the schema\'s message next to an invalid budget and keeps what was typed', async () => {
    const user = userEvent.setup()
    renderApp('/')
    const budget = await screen.findByLabelText('Budget (USD)')
    await user.type(budget, '-20')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    await waitFor(() => expect(budget).toHaveAttribute('aria-invalid', 'true'))
    expect(budget).toHaveAccessibleDescription(/more than \$0/)
    expect(budget).toHaveValue('-20')
  })
})

describe('the shortlist page', () => {
  it('shows the ranked projects of a recommendation made through the API', async () => {
    const made = await (
      await fetch(`${inject('proxyUrl')}/api/recommendations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ budget_usd: 40_000 }),
      })
    ).json()
    renderApp(`/recommendations/${made.id}`)
    const first = made.items[0].project
    expect(await screen.findByRole('link', { name: new RegExp(first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeInTheDocument()
    expect(made.method.version).toBe('credence-rank/11')
    expect(screen.getAllByText(new RegExp(made.method.version)).length).toBeGreaterThan(0)
  })

  it('says clearly when no recommendation has the ID', async () => {
    renderApp('/recommendations/rec_nothing')
    expect(await screen.findByRole('heading', { name: 'No shortlist with this ID' })).toBeInTheDocument()
  })
})
