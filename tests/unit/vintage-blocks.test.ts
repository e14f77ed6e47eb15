import { describe, expect, it } from 'vitest'
import { remainingOfBlocks } from '../../src/server/core/vintage-blocks'

describe("credits remaining per vintage by Berkeley's blocks", () => {
  it('is issued less retired of each vintage where the retired block can be retirements', () => {
    const blocks = [
      { year: 2018, issued: 100, retired: 40 },
      { year: 2019, issued: 50, retired: 0 },
      { year: 2020, issued: 0, retired: 0 },
    ]
    expect([...remainingOfBlocks(blocks, 60, 90)]).toEqual([
      [2018, 60],
      [2019, 50],
    ])
  })

  it('places the credits remaining in the oldest vintages where the retired block sums past the total retired', () => {
    // As VCS2605 in Berkeley's release: every vintage "retired" in the block, nothing retired in all.
    const blocks = [
      { year: 2021, issued: 777, retired: 777 },
      { year: 2019, issued: 127, retired: 127 },
      { year: 2022, issued: 849, retired: 849 },
    ]
    expect([...remainingOfBlocks(blocks, 0, 1753)]).toEqual([
      [2019, 127],
      [2021, 777],
      [2022, 849],
    ])
    // Some retired in all: what remains sits in the oldest vintages, never overstating the newer ones.
    expect([...remainingOfBlocks(blocks, 900, 853)]).toEqual([
      [2019, 127],
      [2021, 726],
      [2022, 0],
    ])
  })
})
