import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectTitle, renderApp } from './render-app'

describe('the app shell', () => {
  it('offers a skip link and names the sections in the main navigation, marking the current one', async () => {
    renderApp('/')
    expect(await screen.findByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const names = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(names).toEqual(['Recommend', 'Shortlists', 'Projects', 'Credits', 'Prices', 'Sources', 'Coverage'])
    expect(within(nav).getByRole('link', { name: 'Recommend' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Projects' })).not.toHaveAttribute('aria-current')
  })

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to recommendations' })).toHaveAttribute('href', '/')
    await expectTitle('Page not found · Credence')
  })

  it('takes the beneficiaries address without a name to the Credits view, where the top retirers are listed', async () => {
    const { router } = renderApp('/beneficiaries/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/credits')
  })

  it('does not show the sandbox badge when the key has no quota', async () => {
    renderApp('/')
    await screen.findByLabelText('Budget (USD)')
    expect(screen.queryByText('Sandbox')).not.toBeInTheDocument()
  })
})
