import { describe, expect, it } from 'vitest'
import { formatNumbersAlike } from '../../src/features/credits/lib/figures-alike'

describe('figures read side by side', () => {
  it("writes each to as many decimals as the one that needs most: a column of top retirers, Isometric's thousandths among them", () => {
    // The column read "3,837", "2,649.002" and "889.783".
    expect(formatNumbersAlike([3_837, 2_649.002, 889.783], 3)).toEqual(['3,837.000', '2,649.002', '889.783'])
    expect(formatNumbersAlike([3_694_099.11, 12], 3)).toEqual(['3,694,099.11', '12.00'])
    expect(formatNumbersAlike([150_000, 140_819], 3)).toEqual(['150,000', '140,819'])
    expect(formatNumbersAlike([-7_094.5, 1], 3)).toEqual(['−7,094.5', '1.0'])
  })
})
