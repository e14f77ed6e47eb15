import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiGet } from '../../src/api/client'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { renderApp } from './render-app'

describe('the rating method page', () => {
  it('reads in sentences and tables: findings by kind of project, grades by score, citations by author, year and title', async () => {
    const method = await apiGet('/api/rating-method', ratingMethod)
    renderApp('/rating-method')
    await screen.findByRole('heading', { level: 2, name: 'Signals' })

    expect(screen.getByText(method.points)).toBeInTheDocument()
    const grades = screen.getByRole('table', { name: 'Grades by score' })
    expect(within(grades).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(method.grades.map((g) => `${g.grade}${g.min_score}`))

    const additionality = screen.getByRole('region', { name: 'Additionality: values from published evidence' })
    const redd = within(additionality).getByRole('row', { name: /^Avoided deforestation \(REDD\+\)/ })
    expect(redd).toHaveTextContent('REDD+, Avoided Forest Conversion')
    // The value stands beside its kind, where a phone's screen begins the table, before the types it takes in.
    expect(within(additionality).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Kind of project', 'Value', 'Types it takes in', 'What the evidence says', 'Evidence'])
    expect(within(redd).getAllByRole('cell')[0]).toHaveTextContent('0.25')
    expect(within(redd).getByRole('link', { name: 'West et al. 2023' })).toHaveAttribute('href', '/rating-method#citation-west-2023')

    // No pattern and no citation id is printed anywhere on the page.
    const page = document.body.textContent ?? ''
    expect(page).not.toMatch(/type matching|\^REDD|\[icvcm/)
    expect(page).not.toContain('west-2023')

    const west = method.citations.find((c) => c.id === 'west-2023')!
    const entry = document.getElementById('citation-west-2023')!
    expect(entry).toHaveTextContent(`West et al. 2023. ${west.title}.`)
    expect(within(entry).getByRole('link', { name: west.title })).toHaveAttribute('href', west.url)
  })

  it('says how a price no one quoted is estimated: the bands by type as a table, and what moves an estimate, with its evidence', async () => {
    const { prices } = await apiGet('/api/rating-method', ratingMethod)
    renderApp('/rating-method')
    const section = (await screen.findByRole('heading', { level: 2, name: 'How prices are estimated' })).closest('section')!
    expect(section).toHaveTextContent(prices.version)
    const bands = within(section).getByRole('table', { name: 'Price bands by project type, USD per tCO2e' })
    expect(within(bands).getAllByRole('row')).toHaveLength(prices.bands.length + 2)
    expect(within(bands).getByRole('row', { name: /^Direct Air Capture/ })).toHaveTextContent('$400$600$1,000')
    expect(within(section).getByText(/adds the published quality premium/)).toBeInTheDocument()
    expect(within(section).getAllByRole('link', { name: 'MSCI Carbon Markets 2025' }).length).toBeGreaterThan(0)
  })
})
