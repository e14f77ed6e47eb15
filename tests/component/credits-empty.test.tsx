import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { renderApp } from './render-app'

/**
 * The Credits page before any registry export: with the sandbox key, whose runs change nothing, so it holds no record
 * whatever other suites import.
 */
beforeAll(() => setApiBaseUrl(inject('sandboxProxyUrl')))
afterAll(() => setApiBaseUrl(inject('proxyUrl')))

describe('the Credits page with no records', () => {
  it('says none has come in yet, not that none match, and links to where they come in', async () => {
    renderApp('/credits')
    expect(await screen.findByRole('heading', { name: 'No records yet' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No records match' })).not.toBeInTheDocument()
    expect(screen.getByText(/No registry export has been imported yet/).querySelector('a')).toHaveAttribute('href', '/sources')
  })

  it('says no record matches once filters are set', async () => {
    renderApp('/credits?beneficiary=nobody-retires-for-this')
    expect(await screen.findByRole('heading', { name: 'No records match' })).toBeInTheDocument()
    expect(screen.getByText('Widen the filters, or import a newer export.')).toBeInTheDocument()
  })

  it("says, where Retired finds nothing, that Verra's records are retired or cancelled, and links to them", async () => {
    const { user, router } = renderApp('/credits?kind=retirement&registry=VCS')
    expect(await screen.findByRole('heading', { name: 'No records match' })).toBeInTheDocument()
    expect(screen.getByText(/Verra's export does not say whether a block was retired or cancelled/)).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'retired or cancelled' }))
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('retirement_or_cancellation')
    expect(new URLSearchParams(router.state.location.search).get('registry')).toBe('VCS')
  })

  it('leaves Verra out of it where the filters name another registry', async () => {
    renderApp('/credits?kind=retirement&registry=GS')
    expect(await screen.findByRole('heading', { name: 'No records match' })).toBeInTheDocument()
    expect(screen.getByText('Widen the filters, or import a newer export.')).toBeInTheDocument()
    expect(screen.queryByText(/Verra's export/)).not.toBeInTheDocument()
  })
})
