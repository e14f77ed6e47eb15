import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, inject, it } from 'vitest'
import type { ProjectDetail, ProjectPage } from '../../src/api/contract/projects'
import { projectQueries } from '../../src/api/queries/projects'
import { createAppMemoryRouter } from '../../src/app/app-router'
import { AppProvider } from '../../src/app/provider'
import { renderApp } from './render-app'

const api = async <T,>(path: string): Promise<T> => (await fetch(`${inject('proxyUrl')}${path}`)).json() as Promise<T>

/** A pipeline project some source has not assessed on every signal, to see how a missing one is shown. */
async function projectWithMissingSignal(): Promise<ProjectDetail> {
  const page = await api<ProjectPage>('/api/projects?status=pipeline&per_page=60')
  for (const summary of page.data) {
    const detail = await api<ProjectDetail>(`/api/projects/${summary.key}`)
    if (detail.quality_breakdown.signals.some((s) => s.status === 'missing')) return detail
  }
  throw new Error('The dataset has no project with a missing signal among the first 60 in the pipeline')
}

describe('the project page', () => {
  it('opens by registry key in any case and shows the header, the quality breakdown, price and sources', async () => {
    const [first] = (await api<ProjectPage>('/api/projects?sort=-quality_score&per_page=1')).data
    renderApp(`/projects/${first.key.toLowerCase()}`)
    expect(await screen.findByRole('heading', { level: 1, name: first.name })).toBeInTheDocument()
    expect(screen.getByText(first.key)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Quality' })).toBeInTheDocument()
    expect(await screen.findByText(/Composite score/)).toHaveTextContent(first.quality.score!.toFixed(1))
    expect(await screen.findByRole('heading', { name: 'Spot price' })).toBeInTheDocument()
    const sources = await screen.findByRole('region', { name: 'Data sources' })
    await waitFor(() => expect(within(sources).getAllByRole('listitem').length).toBeGreaterThan(0))
  })

  it('shows a missing signal as missing and what it counts as, in the chart and in its table, and the rated weight beside the grade', async () => {
    const project = await projectWithMissingSignal()
    const missing = project.quality_breakdown.signals.find((s) => s.status === 'missing')!
    renderApp(`/projects/${project.id}`)
    const table = await screen.findByRole('table', { name: /Quality signals/ })
    const row = within(table).getByRole('row', { name: new RegExp(`^${missing.label}`) })
    const counted = missing.counted_value.toFixed(2)
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(`Missing, counted as ${counted}`)
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(missing.contribution!.toFixed(1))
    expect(screen.getByText(project.quality_breakdown.method)).toBeInTheDocument()
    const chartItem = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(missing.label))!
    expect(chartItem).toHaveTextContent(new RegExp(`Missing, counted as ${counted} \\(unknown risk\\)`))
    // Beside the grade: how much of the weight evidence backs.
    expect(screen.getByText(/out of 100 · evidence backs/)).toHaveTextContent(
      `evidence backs ${Math.round(project.quality_breakdown.rated_weight * 100)}% of the weight`,
    )
  })

  it('shows the header from the browser\'s cached row before the detail arrives', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const query = { sort: '-quality_score', page: 1, per_page: 50 }
    const list = await queryClient.fetchQuery(projectQueries.list(query))
    const project = list.data[3]
    const router = createAppMemoryRouter([`/projects/${project.key}`])
    render(
      <AppProvider queryClient={queryClient}>
        {router.element}
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: project.name })).toBeInTheDocument()
    // The header is up while the breakdown is still loading.
    expect(queryClient.getQueryData(projectQueries.detail(project.key).queryKey)).toBeUndefined()
    expect(await screen.findByText(/Composite score/)).toBeInTheDocument()
  })

  it('says clearly when no project has the ID or key', async () => {
    renderApp('/projects/NOPE99999')
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument()
    expect(screen.getByText(/No project has the ID or registry key “NOPE99999”/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse all projects' })).toHaveAttribute('href', '/projects')
  })
})
