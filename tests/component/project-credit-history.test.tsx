import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { CreditHistory } from '../../src/api/contract/projects'
import { ProjectCreditHistory } from '../../src/features/projects/components/project-credit-history'

const renderHistory = (history: CreditHistory, synthetic = false) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectCreditHistory history={history} synthetic={synthetic} />
      </MemoryRouter>
    </QueryClientProvider>,
  )

describe("a project's credits per year", () => {
  it('says once that no source reported them, where none did and no year is on record', () => {
    renderHistory({ years: [], source: null, as_of: null })
    const section = screen.getByRole('region', { name: 'Credits per year' })
    // The empty chart's sentence and the provenance's said the same thing one after the other.
    expect(section.textContent!.match(/No source has reported this project’s credits per year\./g)).toHaveLength(1)
    expect(section).not.toHaveTextContent('No credits issued or retired are on record')
  })

  it('keeps saying a generated project is generated, with no year on record', () => {
    renderHistory({ years: [], source: null, as_of: null }, true)
    expect(screen.getByRole('region', { name: 'Credits per year' })).toHaveTextContent(/Generated with the project: not a real registry record\./)
  })
})
