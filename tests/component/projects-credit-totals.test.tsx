import { screen } from '@testing-library/react'
import { describe, expect, inject, it } from 'vitest'
import type { ProjectCreditHistory, ProjectPage } from '../../src/api/contract/projects'
import { renderApp } from './render-app'

const api = async <T,>(path: string): Promise<T> => (await fetch(`${inject('proxyUrl')}${path}`)).json() as Promise<T>

describe('the credits per year above the project browser', () => {
  it('counts every project the filters leave, not just the page shown', async () => {
    const gold = await api<ProjectPage>('/api/projects?registry=GS&per_page=1')
    const totals = await api<ProjectCreditHistory>('/api/projects/credit-history?registry=GS')
    expect(totals.projects).toBe(gold.total)
    renderApp('/projects?registry=GS')
    expect(await screen.findByText(`Credits per year, ${gold.total.toLocaleString('en-US')} projects: the catalogue's yearly figures, not registries' exports`)).toBeInTheDocument()
  })

  it('opens to a chart whose numbers are also a table, or says why there is none', async () => {
    const { user } = renderApp('/projects')
    const summary = await screen.findByText(/^Credits per year, /)
    // A native disclosure: the browser opens it from the keyboard too; jsdom only from a click.
    await user.click(summary)
    const history = await api<ProjectCreditHistory>('/api/projects/credit-history')
    if (history.years.length === 0) {
      expect(await screen.findByText(/None of these projects has yearly figures in the catalogue/)).toBeVisible()
    } else {
      expect(await screen.findByRole('table', { name: /Credits issued and retired per year/ })).toBeInTheDocument()
    }
  })
})
