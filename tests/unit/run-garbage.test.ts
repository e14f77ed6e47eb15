import { getHeapStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { collectLeavings } from '../../src/server/core/garbage'

const heapMb = () => getHeapStatistics().used_heap_size / 2 ** 20

describe('the leavings of large work (a run, a catalogue read)', () => {
  it('are collected at once when a run leaves more than 256 MB of heap in use', () => {
    // A large run's records as text, dropped when the run is over.
    let records: string[] | null = Array.from({ length: 2_500_000 }, (_, i) => `VCS-${i}-${'x'.repeat(100)}`)
    expect(records).toHaveLength(2_500_000)
    expect(heapMb()).toBeGreaterThan(256)
    records = null
    collectLeavings()
    expect(heapMb()).toBeLessThan(256)
    // Building 2.5 million strings takes about five seconds on two busy cores: more than the default limit.
  }, 30_000)

  it('count the byte buffers a run held, which the heap\'s size leaves out', async () => {
    const held = () => process.memoryUsage().arrayBuffers / 2 ** 20
    const before = held()
    // A large run's lines as the parsing workers hand them over: bytes outside the heap, the heap itself small.
    let lines: Uint8Array[] | null = Array.from({ length: 30 }, () => new Uint8Array(10 * 2 ** 20).fill(44))
    expect(lines).toHaveLength(30)
    expect(held() - before).toBeGreaterThan(256)
    expect(heapMb()).toBeLessThan(256)
    lines = null
    // Let go of, they are still held until a collection: a small heap that nothing grows may go without one for
    // minutes. (Waited on for 300 ms here, a collection V8 chose for itself sometimes came first: a CI run of 29 Nov
    // 2026 found them gone, so the test looks at once, as a run's end does.)
    expect(held() - before).toBeGreaterThan(256)
    collectLeavings()
    // A collection frees the buffers' memory on a thread of its own, just after.
    await expect.poll(() => held() - before, { timeout: 2000 }).toBeLessThan(64)
  })
})
