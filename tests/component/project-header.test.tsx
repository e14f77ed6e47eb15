import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { coBenefitsFact, remainingFact } from '../../src/features/projects/components/project-header'

describe("a project's header", () => {
  it('says by how much the records retire more than they issue, beside the 0 remaining (ACR212)', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_387_888, retired: 1_531_480, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0 (143,592 more credits retired or cancelled than issued are on record)')
  })

  it('gives remaining alone where retired is within issued', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_000, retired: 1_000, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0')
  })

  it('names the co-benefits a brief credits it with, and where they are read from', () => {
    const { container } = render(<p>{coBenefitsFact(['biodiversity', 'community'])}</p>)
    expect(container.textContent).toBe('Biodiversity, Community and livelihoods (read from its labels, the UN SDGs it lists and what projects of its type deliver)')
    expect(render(<p>{coBenefitsFact([])}</p>).container.textContent).toBe('None known')
  })
})
