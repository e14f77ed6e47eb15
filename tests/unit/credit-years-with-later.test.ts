import { describe, expect, it } from 'vitest'
import { creditSeries, creditYearsWithLater } from '../../src/api/credit-series'

/** The years a project's chart and its comparison both draw: the count's own, with the records dated after it. */
describe("a project's years with the records dated after its count", () => {
  const year = (y: number, issued: number, retired: number, vintage: number, remaining: number) => ({
    year: y, issued_in_year: issued, retired_in_year: retired, issued_by_vintage: vintage, retired_by_vintage: vintage - remaining, remaining_by_vintage: remaining,
  })
  const berkeley = [year(2024, 1000, 200, 800, 700), year(2025, 0, 300, 200, 100)]

  it('adds the later records to their years, a year of their own where the count had none', () => {
    const rows = creditYearsWithLater(berkeley, {
      later_by_year: [{ year: 2025, issued: 10, retired: 5 }, { year: 2026, issued: 500, retired: 50 }],
      by_vintage: [{ vintage: 2024, issued: 800, retired: 150, remaining: 650, counted: { issued: 800, remaining: 700 } }],
    })
    expect(rows.map((r) => [r.year, r.issued_in_year, r.retired_in_year])).toEqual([[2024, 1000, 200], [2025, 10, 305], [2026, 500, 50]])
    const { series } = creditSeries(rows, 'transaction')
    expect(series.map((s) => s.values.reduce((a, b) => a + b, 0))).toEqual([1510, 555])
  })

  it("draws each vintage as the figures give it, the count's blocks replaced, and no vintage for records of none", () => {
    const rows = creditYearsWithLater(berkeley, {
      later_by_year: [],
      by_vintage: [
        { vintage: 2024, issued: 900, retired: 150, remaining: 750, counted: { issued: 800, remaining: 700 } },
        { vintage: null, issued: 25, retired: 0, remaining: 25, counted: null },
      ],
    })
    expect(rows.map((r) => [r.year, r.issued_by_vintage, r.retired_by_vintage, r.remaining_by_vintage])).toEqual([[2024, 900, 150, 750], [2025, 0, 0, 0]])
    // The count's own years are not changed: a copy is drawn.
    expect(berkeley[0].issued_by_vintage).toBe(800)
  })
})
