import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiGet } from '../../src/api/client'
import { recommendation as recommendationSchema } from '../../src/api/contract/recommendations'
import { renderApp } from './render-app'

describe('the diversification caps of the brief', () => {
  it('offers the three caps, optional, in percent, in a labelled group', async () => {
    renderApp('/')
    const group = await screen.findByRole('group', { name: 'Diversification' })
    for (const label of ['Largest share per project type (%)', 'Largest share per country (%)', 'Smallest share of removals (%)']) {
      const field = within(group).getByLabelText(label)
      expect(field).toHaveValue('')
      expect(field).not.toBeRequired()
    }
    expect(within(group).getByLabelText('Largest share per project type (%)')).toHaveAccessibleDescription(/Default 40%/)
  })

  it('says in percentages what a cap out of range must be, next to it, and keeps what was typed', async () => {
    const { user } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '100000')
    const perType = screen.getByLabelText('Largest share per project type (%)')
    const removals = screen.getByLabelText('Smallest share of removals (%)')
    await user.type(perType, '0')
    await user.type(removals, '120')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByText('The largest share per project type is a percentage above 0 and at most 100')).toBeInTheDocument()
    expect(perType).toHaveAttribute('aria-invalid', 'true')
    expect(perType).toHaveAccessibleDescription(expect.stringContaining('The largest share per project type is a percentage above 0 and at most 100'))
    expect(removals).toHaveAccessibleDescription(expect.stringContaining('The smallest share of removals is a percentage from 0 to 100'))
    expect(screen.queryByText(/at most 1 \(100%\)/)).not.toBeInTheDocument()
    expect(perType).toHaveValue('0')
    expect(removals).toHaveValue('120')
  })

  it('sends the caps as fractions, and the shortlist states the caps it applied in words', async () => {
    const { user, router } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '1000000')
    await user.type(screen.getByLabelText('Largest share per project type (%)'), '30')
    await user.type(screen.getByLabelText('Largest share per country (%)'), '45')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    const caps = await screen.findByRole('list', { name: 'Caps applied' }, { timeout: 20_000 })
    expect(caps).toHaveTextContent('No project type takes more than 30% of the money allocated (as the brief asks).')
    expect(caps).toHaveTextContent('No country takes more than 45% of the money allocated (as the brief asks).')
    expect(caps).toHaveTextContent('No minimum share of removals.')
    const made = await apiGet(router.state.location.pathname.replace('/recommendations', '/api/recommendations'), recommendationSchema)
    expect(made.brief).toMatchObject({ max_share_per_type: 0.3, max_share_per_country: 0.45 })
    expect(made.brief.min_removal_share).toBeUndefined()
  })

  // The shortlist's page said "Shortlist size: Up to 10 projects (the default)" of a brief whose form had no such field,
  // and a shortlist of five made through the API, refined in the form, came back as one of ten.
  it("sets how many projects the shortlist holds, says beside the field what a size must be, and keeps it when refined", async () => {
    const { user, router } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '1000000')
    const size = within(screen.getByRole('group', { name: 'Diversification' })).getByLabelText('Shortlist size (projects)')
    expect(size).toHaveAccessibleDescription(/^Default 10, more if they cannot spend the budget\.$/)
    for (const typed of ['0', '51', '4.5', '1,5', 'five']) {
      await user.clear(size)
      await user.type(size, typed)
      await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
      await waitFor(() => expect(size).toHaveAccessibleDescription(expect.stringContaining('A shortlist holds a whole number of projects, from 1 to 50')))
      expect(size).toHaveAttribute('aria-invalid', 'true')
      expect(size).toHaveValue(typed)
    }
    await user.clear(size)
    await user.type(size, '5')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    await screen.findByRole('list', { name: 'Caps applied' }, { timeout: 20_000 })
    const made = await apiGet(router.state.location.pathname.replace('/recommendations', '/api/recommendations'), recommendationSchema)
    expect(made.brief.shortlist_size).toBe(5)
    expect(made.shortlist_size).toBe(5)
    expect(made.items.length).toBeLessThanOrEqual(5)
    expect(screen.getByText('Up to 5 projects')).toBeInTheDocument()
    // Refined, the form holds the size it was made with.
    await user.click(screen.getAllByRole('link', { name: /^Refine brief/ })[0])
    expect(await screen.findByLabelText('Shortlist size (projects)')).toHaveValue('5')
  })

  it('shows the mix by type, region and reduction or removal with its shares as text', async () => {
    const { user, router } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '1000000')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    const mix = await screen.findByRole('region', { name: 'The mix' }, { timeout: 20_000 })
    const made = await apiGet(router.state.location.pathname.replace('/recommendations', '/api/recommendations'), recommendationSchema)
    const byType = within(mix).getByRole('figure', { name: 'Money allocated by project type' })
    for (const share of made.portfolio!.mix.type) expect(byType).toHaveTextContent(share.value)
    expect(within(byType).getByRole('table', { name: 'Money allocated by project type' })).toBeInTheDocument()
    expect(within(mix).getByRole('figure', { name: 'Money allocated by region' })).toBeInTheDocument()
    expect(within(mix).getByRole('figure', { name: 'Money allocated to reductions and removals' })).toBeInTheDocument()
  })
})
