import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { CreditFigure, CreditHistory, ProjectCredits } from '../../src/api/contract/projects'
import { ProjectCreditHistory } from '../../src/features/projects/components/project-credit-history'

type Figures = Pick<ProjectCredits, 'later_by_year' | 'by_vintage' | 'issued' | 'retired' | 'sources'>
const figure = (since: CreditFigure['since'] = []): CreditFigure => ({ value: 0, counted: null, since, text: '' })
const noRecords: Figures = { later_by_year: [], by_vintage: [], issued: figure(), retired: figure(), sources: [] }

const renderHistory = (history: CreditHistory, synthetic = false, figures: Figures = noRecords) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectCreditHistory history={history} figures={figures} synthetic={synthetic} />
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

  // GS12875: Gold Standard's export cancels 420,504 of it in records with no day; the page said only that no source
  // had reported its credits per year, beside those records.
  it('says where a registry holds records of the project that no day places in a year', () => {
    renderHistory({ years: [], source: null, as_of: null }, false, {
      ...noRecords,
      sources: [{ source: 'src_gold_standard', basis: 'records', as_of: null, issued: 0, retired: 420_504, buffer_issued: 0, buffer_cancelled: 0, records: 3 }],
    })
    const section = screen.getByRole('region', { name: 'Credits per year' })
    expect(section).toHaveTextContent(/No source has reported this project’s credits per year\. The records of .+'s export carry no day of their own to place them in a year\./)
  })

  it('keeps saying a generated project is generated, with no year on record', () => {
    renderHistory({ years: [], source: null, as_of: null }, true)
    expect(screen.getByRole('region', { name: 'Credits per year' })).toHaveTextContent(/Generated with the project: not a real registry record\./)
  })

  it("adds the records dated after the count to its years, so the chart's totals are the project's figures, and says whose they are", () => {
    const year = (y: number, issued: number, retired: number, vintage: number, remaining: number) => ({
      year: y, issued_in_year: issued, retired_in_year: retired, issued_by_vintage: vintage, retired_by_vintage: vintage - remaining, remaining_by_vintage: remaining,
    })
    const since = (kind: 'issuance' | 'retirement_or_cancellation', quantity: number) => [{ source: 'src_verra', kind, quantity, records: 2, through: '2026-04-13' }]
    renderHistory({ years: [year(2024, 1000, 200, 800, 700), year(2025, 0, 300, 200, 100)], source: 'src_vrod', as_of: '2025-12-31T00:00:00.000Z' }, false, {
      later_by_year: [{ year: 2026, issued: 500, retired: 50 }],
      by_vintage: [
        { vintage: 2024, issued: 800, retired: 150, remaining: 650, counted: { issued: 800, remaining: 700 } },
        { vintage: 2025, issued: 700, retired: 100, remaining: 600, counted: { issued: 200, remaining: 100 } },
      ],
      issued: figure(since('issuance', 500)),
      retired: figure(since('retirement_or_cancellation', 50)),
      sources: [],
    })
    const section = screen.getByRole('region', { name: 'Credits per year' })
    // Berkeley's 1,000 issued and 500 retired, with the export's 500 and 50 of 2026.
    expect(section).toHaveTextContent('2024 to 2026. In all, issued: 1,500; retired or cancelled: 550.')
    expect(section).toHaveTextContent(/data as of Dec 31, 2025, with the records dated after it from .+'s export\./)
  })
})
