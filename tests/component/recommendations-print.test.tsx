import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { renderApp } from './render-app'

describe('the shortlist to file', () => {
  let made: Recommendation
  beforeAll(async () => {
    made = await createRecommendation({ budget_usd: 100_000 })
  })

  it('offers the pack as a download from the API', async () => {
    renderApp(`/recommendations/${made.id}`)
    const link = await screen.findByRole('link', { name: 'Download pack' })
    expect(link.getAttribute('href')).toMatch(new RegExp(`/api/recommendations/${made.id}/pack$`))
    expect(link).toHaveAttribute('download')
  })

  it('names the projects it left out by name, each linked to its page', async () => {
    expect(made.left_out?.length).toBeGreaterThan(0)
    renderApp(`/recommendations/${made.id}`)
    const notes = await screen.findByRole('region', { name: 'Notes' })
    for (const project of made.left_out!) {
      const links = within(notes).getAllByRole('link', { name: project.name })
      for (const link of links) expect(link).toHaveAttribute('href', `/projects/${project.key}`)
    }
  })

  it('carries an appendix for print: the method, every signal of every project, and the works cited', async () => {
    renderApp(`/recommendations/${made.id}`)
    const appendix = await screen.findByRole('region', { name: 'Appendix: method, evidence and citations' })
    expect(await within(appendix).findByRole('heading', { name: 'How the projects are rated' })).toBeInTheDocument()
    const first = made.items[0].project
    const signals = await within(appendix).findByRole('table', { name: `Quality signals of ${first.name}` })
    expect(within(signals).getAllByRole('row')).toHaveLength(9)
    expect(within(appendix).getByRole('heading', { name: 'Citations' })).toBeInTheDocument()
  })
})
