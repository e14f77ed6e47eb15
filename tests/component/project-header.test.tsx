import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { remainingFact } from '../../src/features/projects/components/project-header'

describe("a project's header", () => {
  it('says by how much its source retires more than it issues, beside the 0 remaining it gives (ACR212)', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_387_888, retired: 1_531_480, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0 (its source lists 143,592 more credits retired than issued)')
  })

  it('gives remaining alone where retired is within issued', () => {
    const { container } = render(<p>{remainingFact({ issued: 1_000, retired: 1_000, remaining: 0, buffer: 0 })}</p>)
    expect(container.textContent).toBe('0')
  })
})
