import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { Catalogue } from '../../src/api/contract/catalogue'
import type { ProjectPage } from '../../src/api/contract/projects'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { projectsToCsv } from '../../src/features/projects/lib/project-csv'
import { shortlistCsv } from '../../src/features/recommendations/lib/shortlist-csv'
import { formatNumber } from '../../src/lib/format'
import { giveProjectTableHeight } from './project-table-height'
import { renderApp } from './render-app'

/** The shared test API starts on generated data, as a first start without Berkeley's file does. */
const api = async <T,>(path: string): Promise<T> => (await fetch(`${inject('proxyUrl')}${path}`)).json() as Promise<T>
const notice = () => screen.findByRole('region', { name: 'Synthetic catalogue' })
/** The cells of one CSV line, unquoted. */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) => cell.replace(/^"|"$/g, '').replace(/""/g, '"'))

giveProjectTableHeight()

describe('a synthetic catalogue', () => {
  let catalogue: Catalogue
  let recommendation: Recommendation
  beforeAll(async () => {
    catalogue = await api<Catalogue>('/api/catalogue')
    recommendation = await createRecommendation({ budget_usd: 100_000 })
  })

  it('is generated through and through here, which the tests below rely on', () => {
    expect(catalogue.synthetic_projects).toBe(catalogue.projects)
    expect(catalogue.projects).toBeGreaterThan(0)
  })

  it.each(['/', '/projects', '/prices', '/sources', '/coverage'])('says so on %s, with how to import the real file', async (path) => {
    renderApp(path)
    const region = await notice()
    expect(region).toHaveTextContent(`The ${formatNumber(catalogue.projects)} projects here are generated, not real registry records`)
    expect(within(region).getByRole('link', { name: 'Sources page' })).toHaveAttribute('href', '/sources')
    expect(within(region).getByText('npm run import -- <file>')).toBeInTheDocument()
  })

  it('marks each project Synthetic beside its name in the project table', async () => {
    const [first] = (await api<ProjectPage>('/api/projects?per_page=1&sort=-quality_score')).data
    renderApp('/projects')
    const table = await screen.findByRole('table')
    const row = await within(table).findByRole('row', { name: new RegExp(first.key) })
    expect(within(row).getByText(first.name).closest('.cell-name')).toHaveTextContent(`${first.name}Synthetic`)
  })

  it('marks the project Synthetic beside its name on the project page, and the credits per year as generated', async () => {
    const [first] = (await api<ProjectPage>('/api/projects?per_page=1&sort=-credits_issued')).data
    renderApp(`/projects/${first.key}`)
    const heading = await screen.findByRole('heading', { level: 1, name: first.name })
    expect(within(heading.parentElement!).getByText('Synthetic')).toBeInTheDocument()
    expect(await notice()).toBeInTheDocument()
    const credits = await screen.findByRole('region', { name: 'Credits per year' })
    expect(within(credits).getByText(/Generated with the project: not a real registry record/)).toBeInTheDocument()
    // Berkeley's credit is for Berkeley's data, not for generated figures.
    expect(within(credits).queryByText(/^Data:/)).not.toBeInTheDocument()
  })

  it('marks each shortlisted project Synthetic beside its name', async () => {
    expect(recommendation.items.length).toBeGreaterThan(0)
    renderApp(`/recommendations/${recommendation.id}`)
    const table = await screen.findByRole('table', { name: /Ranked projects/ })
    for (const cell of within(table).getAllByRole('rowheader')) expect(within(cell).getByText('Synthetic')).toBeInTheDocument()
  })

  it('marks each row of both CSV exports in a synthetic column', async () => {
    const projects = (await api<ProjectPage>('/api/projects?per_page=3')).data
    const [header, ...rows] = projectsToCsv(projects).trim().split('\r\n')
    const column = csvCells(header).indexOf('synthetic')
    expect(column).toBeGreaterThan(-1)
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(csvCells(row)[column]).toBe('true')

    const [shortlistHeader, ...shortlistRows] = shortlistCsv(recommendation).trim().split('\r\n')
    const shortlistColumn = csvCells(shortlistHeader).indexOf('Synthetic')
    expect(shortlistColumn).toBeGreaterThan(-1)
    expect(shortlistRows).toHaveLength(recommendation.items.length)
    for (const row of shortlistRows) expect(csvCells(row)[shortlistColumn]).toBe('yes')
  })
})
