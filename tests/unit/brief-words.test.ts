import { describe, expect, it } from 'vitest'
import { briefWords } from '../../src/features/recommendations/lib/brief-words'

describe('a brief in one line, as the Shortlists page lists it', () => {
  it('says what it asked beyond the budget, and "Any project" when it asked nothing', () => {
    expect(briefWords({ budget_usd: 250_000, type: 'Wind', region: 'Latin America and the Caribbean', vintage_min: 2020, co_benefits: ['biodiversity'] })).toBe(
      'Wind · Latin America and the Caribbean · from 2020 · Biodiversity',
    )
    expect(briefWords({ budget_usd: 250_000 })).toBe('Any project')
    // Berkeley's "Europe" as the brief form offered it: plain "Europe" beside an "Eastern Europe" read as all of it.
    expect(briefWords({ budget_usd: 250_000, region: 'Europe' })).toBe('Europe (Northern, Southern, Western)')
  })

  it('says the shares and size it set: a removals-only brief read "Any project" beside one that asked nothing', () => {
    expect(briefWords({ budget_usd: 100_000, min_removal_share: 1 })).toBe('Removals only')
    expect(briefWords({ budget_usd: 100_000, min_removal_share: 0.3, max_share_per_type: 0.35, max_share_per_country: 0.5, shortlist_size: 5 })).toBe(
      'Removals at least 30% · a type at most 35% · a country at most 50% · up to 5 projects',
    )
    expect(briefWords({ budget_usd: 100_000, min_removal_share: 0 })).toBe('Any project')
  })
})
