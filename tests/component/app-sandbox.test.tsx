import { screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { renderApp } from './render-app'

describe('the app on the sandbox key', () => {
  beforeAll(() => setApiBaseUrl(inject('sandboxProxyUrl')))
  afterAll(() => setApiBaseUrl(inject('proxyUrl')))

  it('says in the header that it runs on the sandbox, with the quota left', async () => {
    renderApp('/')
    await screen.findByLabelText('Budget (USD)')
    expect(await screen.findByText('Sandbox')).toBeInTheDocument()
    expect(screen.getByText(/^\d+ of \d+ requests left this minute$/)).toBeInTheDocument()
  })

  it('labels a shortlist computed on the sandbox as simulated', async () => {
    const recommendation = await createRecommendation({ budget_usd: 50_000 })
    renderApp(`/recommendations/${recommendation.id}`)
    await screen.findByRole('table', { name: /Ranked projects/ })
    expect(recommendation.simulated).toBe(true)
    expect(screen.getByText('Simulated', { selector: '.badge' })).toBeInTheDocument()
    expect(screen.getByText(/computed on the sandbox's fixed dataset/)).toBeInTheDocument()
  })
})
