import { cleanup, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { formatUsd } from '../../src/lib/format'
import { expectTitle, renderApp } from './render-app'

describe('the shortlist page', () => {
  let recommendation: Recommendation
  beforeAll(async () => {
    recommendation = await createRecommendation({ budget_usd: 250_000, co_benefits: ['biodiversity'] })
  })

  it('shows, opened fresh by its ID, the ranked projects of a recommendation in rank order', async () => {
    expect(recommendation.items.length).toBeGreaterThan(0)
    renderApp(`/recommendations/${recommendation.id}`)
    const table = await screen.findByRole('table', { name: /Ranked projects/ })
    const projectCells = within(table).getAllByRole('rowheader')
    expect(projectCells.map((cell) => within(cell).getByRole('link').textContent)).toEqual(
      recommendation.items.map((item) => item.project.name),
    )
    const first = recommendation.items[0]
    expect(within(projectCells[0]).getByRole('link')).toHaveAttribute('href', `/projects/${first.project.key}`)
    for (const reason of first.reasons) expect(within(table).getAllByText(reason).length).toBeGreaterThan(0)
    expect(within(table).getAllByText('Price fit')).toHaveLength(recommendation.items.length)
    // A score to its tenth, as its reason gives it: rounded, 74.8 read "A (75)" where AA starts at 75, and a whole 78
    // read "AA (78)" beside "78.0 of 100".
    for (const item of recommendation.items) {
      if (item.project.quality_score === null) continue
      const score = item.project.quality_score.toFixed(1)
      expect(item.reasons[0]).toContain(`(${score} of 100)`)
      expect(within(table).getAllByText(`(${score})`, { exact: false }).length).toBeGreaterThan(0)
    }
  })

  it('offers no CSV of a shortlist of nothing, and keeps its pack and printed page, which file the brief and why', async () => {
    const empty = await createRecommendation({ budget_usd: 0.5 })
    expect(empty.items).toEqual([])
    renderApp(`/recommendations/${empty.id}`)
    expect(await screen.findByRole('link', { name: 'Download pack' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull()
    cleanup()
    renderApp(`/recommendations/${recommendation.id}`)
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
  })

  it('shows the brief it answers, the totals against the budget and the ranking method', async () => {
    renderApp(`/recommendations/${recommendation.id}`)
    const brief = await screen.findByRole('region', { name: 'The brief' })
    expect(within(brief).getByText('Biodiversity')).toBeInTheDocument()
    expect(within(brief).getByText(formatUsd(250_000))).toBeInTheDocument()
    const totals = screen.getByRole('region', { name: 'Against the budget' })
    expect(within(totals).getByText(formatUsd(recommendation.totals.allocated_usd))).toBeInTheDocument()
    const method = screen.getByRole('region', { name: 'How this shortlist was ranked' })
    expect(within(method).getByText(recommendation.method.version)).toBeInTheDocument()
    await expectTitle(/^Shortlist of \d+ projects? · Credence$/)
  })

  it('shows every field the brief set, its caps and removal share included', async () => {
    const capped = await createRecommendation({ budget_usd: 250_000, min_removal_share: 1, max_share_per_type: 0.35, max_share_per_country: 0.5 })
    renderApp(`/recommendations/${capped.id}`)
    const brief = await screen.findByRole('region', { name: 'The brief' })
    const fact = (term: string) => within(brief).getByText(term).nextElementSibling?.textContent
    expect(fact('Smallest share of removals')).toBe('100%')
    expect(fact('Largest share per type')).toBe('35%')
    expect(fact('Largest share per country')).toBe('50%')
  })

  it('says the size the buyer set, or the default, and where a default shortlist grew to spend the budget', async () => {
    const fact = async (id: string) => {
      renderApp(`/recommendations/${id}`)
      const brief = await screen.findByRole('region', { name: 'The brief' })
      const text = within(brief).getByText('Shortlist size').nextElementSibling?.textContent
      cleanup()
      return text
    }
    const set = await createRecommendation({ budget_usd: 250_000, shortlist_size: 5 })
    expect(await fact(set.id)).toBe('Up to 5 projects')
    const small = await createRecommendation({ budget_usd: 10_000 })
    expect(small.shortlist_size).toBe(10)
    expect(await fact(small.id)).toBe('Up to 10 projects (the default)')
    // A budget the first ten cannot take: the shortlist grows, and the brief says by how much and why.
    const large = await createRecommendation({ budget_usd: 50_000_000 })
    expect(large.shortlist_size).toBeGreaterThan(10)
    expect(await fact(large.id)).toBe(`${large.shortlist_size} projects: the default 10 made longer to spend the budget, which the first 10 hold too few credits for`)
  })

  it('links "Refine brief" to the brief form filled with this brief', async () => {
    const { user } = renderApp(`/recommendations/${recommendation.id}`)
    await user.click(await screen.findByRole('link', { name: 'Refine brief' }))
    expect(await screen.findByLabelText('Budget (USD)')).toHaveValue('250000')
    expect(screen.getByRole('checkbox', { name: /^Biodiversity/ })).toBeChecked()
  })

  it('says so when no recommendation has the ID, rather than showing an empty table', async () => {
    renderApp('/recommendations/rec_doesnotexist')
    expect(await screen.findByRole('heading', { level: 1, name: 'No shortlist with this ID' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
