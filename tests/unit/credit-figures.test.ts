import { describe, expect, it } from 'vitest'
import { projectCreditFigures, type CreditCount, type CreditGroup } from '../../src/server/projects/credit-figures'

const berkeley: CreditCount = { issued: 42_534_256, retired: 30_000_000, remaining: 12_534_256, source: 'src_vrod', asOf: new Date('2025-12-31T00:00:00Z') }
const group = (g: Partial<CreditGroup>): CreditGroup => ({ source_id: 'src_verra', kind: 'issuance', vintage: 2022, later: true, quantity: 0, records: 1, through: '2026-04-13', ...g })

describe("a project's credit figures: the newest count plus the records dated after it", () => {
  it('adds what the registry recorded after the count, says so, and never counts an earlier record twice', () => {
    const groups = [
      group({ quantity: 400, records: 1, through: '2026-02-01' }),
      group({ quantity: 25, records: 1, through: '2026-04-13' }),
      group({ kind: 'retirement_or_cancellation', quantity: 100, records: 2, through: '2026-03-01' }),
      // Already in Berkeley's count: dated on or before its as-of day.
      group({ later: false, quantity: 1_000_000, records: 9, through: '2025-06-30' }),
    ]
    const figures = projectCreditFigures(berkeley, [], groups, [])
    expect(figures.issued.value).toBe(42_534_256 + 425)
    expect(figures.issued.text).toBe("42,534,256 issued per Berkeley, 31 Dec 2025, + 425 since per Verra Registry's export of 13 Apr 2026 (2 records)")
    expect(figures.issued.counted).toEqual({ value: 42_534_256, source: 'src_vrod', as_of: '2025-12-31T00:00:00.000Z' })
    expect(figures.retired.value).toBe(30_000_100)
    expect(figures.remaining.value).toBe(12_534_256 + 425 - 100)
    expect(figures.remaining.text).toMatch(/^12,534,256 remaining per Berkeley, 31 Dec 2025, \+ 425 issued − 100 retired or cancelled since per Verra Registry's export of 13 Apr 2026/)
  })

  it('shows what each source says, each as of its own date, so a disagreement stands side by side', () => {
    const groups = [group({ later: false, quantity: 1_000_000, records: 9, through: '2025-06-30' }), group({ quantity: 425, through: '2026-04-13' })]
    const { sources } = projectCreditFigures(berkeley, [], groups, [])
    expect(sources).toEqual([
      { source: 'src_vrod', basis: 'count', as_of: '2025-12-31T00:00:00.000Z', issued: 42_534_256, retired: 30_000_000, records: null },
      { source: 'src_verra', basis: 'records', as_of: '2026-04-13T00:00:00.000Z', issued: 1_000_425, retired: 0, records: 10 },
    ])
  })

  it('stands on the records alone for a project no source counted (a new listing)', () => {
    const groups = [group({ quantity: 500, vintage: 2024 }), group({ kind: 'retirement', quantity: 120, vintage: 2024 }), group({ quantity: 80, vintage: null })]
    const figures = projectCreditFigures(null, [], groups, [])
    expect(figures.issued).toMatchObject({ value: 580, counted: null })
    expect(figures.issued.text).toBe("580 issued: 580 per Verra Registry's export of 13 Apr 2026 (2 records)")
    expect(figures.remaining.value).toBe(460)
    expect(figures.by_vintage).toEqual([
      { vintage: 2024, issued: 500, retired: 120, remaining: 380 },
      { vintage: null, issued: 80, retired: 0, remaining: 80 },
    ])
  })

  it("gives remaining per vintage from Berkeley's blocks plus the later records, oldest first", () => {
    const blocks = [
      { year: 2019, issued_by_vintage: 1000, retired_by_vintage: 900 },
      { year: 2021, issued_by_vintage: 2000, retired_by_vintage: 500 },
    ]
    const groups = [group({ vintage: 2021, kind: 'retirement', quantity: 300 }), group({ vintage: 2023, quantity: 700 }), group({ later: false, vintage: 2019, quantity: 5 })]
    expect(projectCreditFigures(berkeley, blocks, groups, []).by_vintage).toEqual([
      { vintage: 2019, issued: 1000, retired: 900, remaining: 100 },
      { vintage: 2021, issued: 2000, retired: 800, remaining: 1200 },
      { vintage: 2023, issued: 700, retired: 0, remaining: 700 },
    ])
  })

  it('says when nothing counts a project and no record names it', () => {
    const figures = projectCreditFigures(null, [], [], [])
    expect(figures.issued).toEqual({ value: 0, counted: null, since: [], text: 'No count and no records of credits issued' })
    expect(figures.by_vintage).toEqual([])
  })
})
