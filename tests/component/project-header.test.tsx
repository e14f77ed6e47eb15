import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bufferFact, coBenefitsFact, remainingFact, statusFact } from '../../src/features/projects/components/project-header'

describe("a project's header", () => {
  it('says by how much the records retire more than they issue, beside the 0 remaining (ACR212)', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_387_888, retired: 1_531_480, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0 (143,592 more credits retired or cancelled than issued are on record)')
  })

  it('gives remaining alone where retired is within issued', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_000, retired: 1_000, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0')
  })

  it('names the co-benefits a brief credits it with, those it lists apart from those its type delivers', () => {
    const said = (project: { co_benefits: string[]; labels: string[]; type: string }) => render(<p>{coBenefitsFact(project)}</p>).container.textContent
    // A cookstove project listing nothing (VCS3699): its three are its type's, and its page says it lists none.
    expect(said({ co_benefits: ['energy_access', 'gender_equality', 'health'], labels: [], type: 'Cookstoves' })).toBe(
      'Clean energy access, Gender equality, Health, as Cookstoves projects deliver by their type; it lists none itself',
    )
    // A REDD+ project with a CCB Community label and SDG 15: community and biodiversity are its own, as is the goal.
    expect(said({ co_benefits: ['biodiversity', 'community', 'sdg_15'], labels: ['CCB-Community Gold'], type: 'REDD+' })).toBe(
      'Biodiversity, Community and livelihoods, UN SDG 15: Life on Land (its labels and the UN SDGs it lists)',
    )
    // One of each: the label gives community, the type biodiversity.
    expect(said({ co_benefits: ['biodiversity', 'community'], labels: ['Social Carbon'], type: 'REDD+' })).toBe(
      'Community and livelihoods (its labels and the UN SDGs it lists); Biodiversity, as REDD+ projects deliver by their type',
    )
    expect(said({ co_benefits: [], labels: [], type: 'Wind' })).toBe('None known')
  })

  it("names whose word the status is where the sources' own data differ, and what the other said (CAR2251)", () => {
    const words = [
      { source: 'src_car', name: 'Climate Action Reserve', status: 'registered' as const, as_of: '2026-04-14T00:00:00.000Z' },
      { source: 'src_vrod', name: 'Berkeley Voluntary Registry Offsets Database', status: 'pipeline' as const, as_of: '2025-12-31T00:00:00.000Z' },
    ]
    const { container } = render(<p>{statusFact('registered', words)}</p>)
    expect(container.textContent).toBe('Registered (per Climate Action Reserve, as of Apr 14, 2026; Berkeley Voluntary Registry Offsets Database, as of Dec 31, 2025: Pipeline)')
    expect(render(<p>{statusFact('registered', [words[0]])}</p>).container.textContent).toBe('Registered')
  })

  it("says what of the buffer pool the count holds and what a registry's records issued into it since (ACR751)", () => {
    expect(render(<p>{bufferFact(115_156, 19_191)}</p>).container.textContent).toBe('115,156 (95,965 per the count, 19,191 issued into it since per the registry\'s records)')
    // All of it from records (a new listing), or none of it: the figure alone.
    expect(render(<p>{bufferFact(2_593, 2_592.72)}</p>).container.textContent).toBe('2,593')
    expect(render(<p>{bufferFact(95_965, 0)}</p>).container.textContent).toBe('95,965')
  })
})
