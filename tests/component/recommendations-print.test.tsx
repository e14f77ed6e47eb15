import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { shortlistPackPath } from '../../src/api/queries/shortlists'
import { FileDownloadLink } from '../../src/components/file-download-link'
import { renderApp } from './render-app'
import { MemoryRouter } from 'react-router-dom'
import { ShortlistTable } from '../../src/features/recommendations/components/shortlist-table'

describe('the shortlist to file', () => {
  let made: Recommendation
  beforeAll(async () => {
    made = await createRecommendation({ budget_usd: 100_000 })
  })

  it('offers a box to compare each project only where there are two to compare', () => {
    const selection = { isSelected: () => true, toggleSelected() {}, projectHref: (key: string) => `/projects/${key}` }
    const table = (count: number) =>
      render(
        <MemoryRouter>
          <ShortlistTable items={made.items.slice(0, count)} selection={selection} />
        </MemoryRouter>,
      )
    const one = table(1)
    expect(screen.queryAllByRole('checkbox', { name: /^Compare / })).toHaveLength(0)
    one.unmount()
    table(2)
    expect(screen.getAllByRole('checkbox', { name: /^Compare / })).toHaveLength(2)
  })

  it('offers the pack as a download from the API', async () => {
    renderApp(`/recommendations/${made.id}`)
    const link = await screen.findByRole('link', { name: 'Download pack' })
    expect(link.getAttribute('href')).toMatch(new RegExp(`/api/recommendations/${made.id}/pack$`))
    expect(link).toHaveAttribute('download')
  })

  it('says beside the link why a pack was not downloaded, in the API\'s words, and saves nothing', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <FileDownloadLink path={shortlistPackPath('rec_0000000000000000')} fallbackName="pack.xlsx" what="The pack">
          Download pack
        </FileDownloadLink>
      </QueryClientProvider>,
    )
    const link = screen.getByRole('link', { name: 'Download pack' })
    await userEvent.click(link)
    // jsdom cannot save a file (it has no URL.createObjectURL): had the link saved the problem, the words would differ.
    const refusal = await screen.findByRole('alert')
    expect(refusal).toHaveTextContent('The pack was not downloaded: No recommendation with ID or key "rec_0000000000000000".')
    expect(link).toHaveAccessibleDescription(expect.stringContaining('The pack was not downloaded'))
    expect(screen.getByRole('status')).toHaveTextContent('')
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
