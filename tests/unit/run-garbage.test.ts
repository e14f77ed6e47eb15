import { getHeapStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { collectRunGarbage } from '../../src/server/core/garbage'

const heapMb = () => getHeapStatistics().used_heap_size / 2 ** 20

describe('a run\'s leavings', () => {
  it('are collected at once when a run leaves more than 256 MB of heap in use', () => {
    // A large run's records as text, dropped when the run is over.
    let records: string[] | null = Array.from({ length: 2_500_000 }, (_, i) => `VCS-${i}-${'x'.repeat(100)}`)
    expect(records).toHaveLength(2_500_000)
    expect(heapMb()).toBeGreaterThan(256)
    records = null
    collectRunGarbage()
    expect(heapMb()).toBeLessThan(256)
  })
})
