import { describe, expect, it } from 'vitest'
import { everyMonth } from '../../src/features/credits/lib/every-month'

describe("the Credits chart's months", () => {
  it('are every month from the first to the last, across years, whatever order the periods come in', () => {
    expect(everyMonth(['2024-04', '2024-06', '2025-01'])).toEqual(['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01'])
    expect(everyMonth(['2025-03', '2025-02'])).toEqual(['2025-02', '2025-03'])
    expect(everyMonth(['2026-04'])).toEqual(['2026-04'])
    expect(everyMonth([])).toEqual([])
  })
})
