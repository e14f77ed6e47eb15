import { describe, expect, it } from 'vitest'
import { creditSummary } from '../../src/features/credits/lib/credit-summary'

const none = { issuance: 0, retirement: 0, cancellation: 0, retirement_or_cancellation: 0 }

describe("the Credits page's summary", () => {
  it('says each kind apart, never one sum of issued and retired credits', () => {
    const page = { total: 4, sum_into_buffer_pool: 0, sum_by_kind: { ...none, issuance: 150_000, retirement: 140_819 } }
    expect(creditSummary(page)).toBe('4 records: 150,000 credits issued, 140,819 retired (tCO2e)')
  })

  it("names Verra's retired-or-cancelled blocks as such, and a single record as one", () => {
    expect(creditSummary({ total: 1, sum_into_buffer_pool: 0, sum_by_kind: { ...none, retirement_or_cancellation: 20 } })).toBe('1 record: 20 credits retired or cancelled (tCO2e)')
    expect(creditSummary({ total: 1, sum_into_buffer_pool: 0, sum_by_kind: { ...none, retirement: 1 } })).toBe('1 record: 1 credit retired (tCO2e)')
  })

  it('says when the records hold no credits, and when they are too many to sum', () => {
    expect(creditSummary({ total: 2, sum_into_buffer_pool: 0, sum_by_kind: none })).toBe('2 records, no credits')
    expect(creditSummary({ total: 20_000, sum_into_buffer_pool: null, sum_by_kind: null })).toBe('About 20,000 records, too many to count or sum on every read: narrow the filters for their credits')
  })

  it("says a buffer pool's issuances apart from the projects', as a project's figures do", () => {
    const page = { total: 3, sum_into_buffer_pool: 19_191, sum_by_kind: { ...none, issuance: 201_040, retirement: 5 } }
    expect(creditSummary(page)).toBe('3 records: 201,040 credits issued, 19,191 issued into buffer pools, 5 retired (tCO2e)')
    expect(creditSummary({ total: 1, sum_into_buffer_pool: 2_592.72, sum_by_kind: none })).toBe('1 record: 2,592.72 credits issued into buffer pools (tCO2e)')
  })

  it("writes every figure to as many decimals as the one that needs most, Isometric's thousandths at most", () => {
    const page = { total: 9, sum_into_buffer_pool: 0, sum_by_kind: { ...none, issuance: 4_012_345.678, retirement: 3_694_099.11, cancellation: 12 } }
    expect(creditSummary(page)).toBe('9 records: 4,012,345.678 credits issued, 3,694,099.110 retired, 12.000 cancelled (tCO2e)')
    // A float's sum past the thousandth is written to it.
    expect(creditSummary({ total: 2, sum_into_buffer_pool: 0, sum_by_kind: { ...none, issuance: 0.1 + 0.2, retirement: 1 } })).toBe('2 records: 0.3 credits issued, 1.0 retired (tCO2e)')
  })
})
