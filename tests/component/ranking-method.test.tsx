import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RankingMethod } from '../../src/features/recommendations/components/ranking-method'

const method = {
  version: 'credence-rank/11',
  description: 'Hard filters first; then a weighted mean.',
  weights: { quality: 0.45, co_benefits: 0.25, price_fit: 0.2, freshness: 0.1 },
  hard_filters: [],
}

const weightsShown = () => screen.getAllByRole('listitem').map((item) => item.textContent)

describe('how a shortlist was ranked', () => {
  it('shows the weights a brief with co-benefits was ranked by', () => {
    render(<RankingMethod method={{ ...method, applied_weights: method.weights }} candidatesConsidered={12} />)
    expect(weightsShown()).toEqual(['Quality: 45%', 'Co-benefit match: 25%', 'Price fit: 20%', 'Freshness: 10%'])
  })

  it("shows a brief without co-benefits the weights its scores were worked out by: co-benefits' share spread over the others", () => {
    render(<RankingMethod method={{ ...method, applied_weights: { quality: 0.6, co_benefits: 0, price_fit: 0.2 / 0.75, freshness: 0.1 / 0.75 } }} candidatesConsidered={12} />)
    // A score of 78% quality, 72% price fit and 9% freshness is 60% × 0.78 + 26.7% × 0.72 + 13.3% × 0.09 = 67%.
    expect(weightsShown()).toEqual(['Quality: 60%', 'Price fit: 27%', 'Freshness: 13%'])
    expect(screen.getByText(/asks for no co-benefits, so they are not weighed: their 25% is shared among the others/)).toBeInTheDocument()
  })
})
