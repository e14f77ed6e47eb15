import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { CreditFigure, ProjectCredits } from '../../src/api/contract/projects'
import { ProjectCreditFigures } from '../../src/features/projects/components/project-credit-figures'

const figure = (value: number): CreditFigure => ({ value, counted: null, since: [], text: '' })
const counted = { source: 'src_vrod', basis: 'count', as_of: '2025-12-31T00:00:00.000Z', issued: 382_584, retired: 382_584, buffer_issued: null, buffer_cancelled: null, records: null } as const

const renderFigures = (sources: ProjectCredits['sources']) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <MemoryRouter>
        <ProjectCreditFigures
          credits={{ issued: figure(382_584), retired: figure(382_584), remaining: figure(0), by_vintage: [], later_by_year: [], disagreements: [], sources, top_beneficiaries: [], buffer_issued: 0 }}
          beneficiaryHref={(name) => `/beneficiaries/${name}`}
          recordsHref="/credits?project=CAR1822"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  )

describe('what each source says of a project’s credits', () => {
  // CAR1822: the Reserve's export cancels 81,661 of its buffer pool's credits, which read as the project's retired
  // beside figures that said they were not.
  it("gives a registry's buffer pool its own column, out of the project's retired", () => {
    renderFigures([counted, { source: 'src_car', basis: 'records', as_of: '2026-03-27T00:00:00.000Z', issued: 382_584, retired: 382_584, buffer_issued: 0, buffer_cancelled: 81_661, records: 14 }])
    const table = screen.getByRole('table', { name: /What each source says/ })
    expect(within(table).getByRole('columnheader', { name: 'Its buffer pool' })).toBeInTheDocument()
    const reserve = within(table).getAllByRole('row')[2]
    expect(reserve).toHaveTextContent('382,584')
    expect(reserve).not.toHaveTextContent('464,245')
    expect(reserve).toHaveTextContent('81,661 cancelled from it')
  })

  it('says a registry’s records hold none of a kind, rather than that none was issued', () => {
    // The Reserve's sample holds CAR1822's retirements, not its issuances: "Issued 0" read as a claim.
    renderFigures([counted, { source: 'src_car', basis: 'records', as_of: '2026-03-27T00:00:00.000Z', issued: 0, retired: 382_584, buffer_issued: 0, buffer_cancelled: 81_661, records: 12 }])
    const reserve = within(screen.getByRole('table', { name: /What each source says/ })).getAllByRole('row')[2]
    expect(within(reserve).getAllByRole('cell')[2]).toHaveTextContent(/^none in its records$/)
    expect(within(reserve).getAllByRole('cell')[3]).toHaveTextContent(/^382,584$/)
  })

  it('shows no such column where no source holds a pool’s credits', () => {
    renderFigures([counted, { source: 'src_verra', basis: 'records', as_of: '2026-04-13T00:00:00.000Z', issued: 10, retired: 5, buffer_issued: 0, buffer_cancelled: 0, records: 2 }])
    expect(screen.queryByRole('columnheader', { name: 'Its buffer pool' })).toBeNull()
  })
})
