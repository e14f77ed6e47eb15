import { getHeapStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { recordReader } from '../../src/server/beneficiaries/extract'
import { collectGarbage } from '../../src/server/core/garbage'

const heapMb = () => getHeapStatistics().used_heap_size / 2 ** 20

describe('the readings a reader keeps', () => {
  it('hold none of the text their cells were cut from', () => {
    const read = recordReader()
    collectGarbage()
    const before = heapMb()
    const names: (string | null)[] = []
    for (let i = 0; i < 40; i++) {
      // A slice of an export as the reader parses it, a megabyte of text, and a cell cut from it, as Papa Parse cuts
      // its cells: V8 makes the cell a view of the slice's text.
      const slice = `${'x'.repeat(2 ** 20)},Retired on behalf of Company ${i} Holdings Ltd for its 2025 goals,`
      const cell = slice.slice(2 ** 20 + 1, -1)
      names.push(read({ kind: 'retirement', beneficiary_raw: { 'Retirement Details': cell }, reason: null }).reading.name)
    }
    collectGarbage()
    // Forty slices' texts, were the readings views of them, would hold 40 MB.
    expect(heapMb() - before).toBeLessThan(8)
    expect(names).toEqual(Array.from({ length: 40 }, (_, i) => `Company ${i} Holdings`))
    // The reader, and the readings it keeps, live until here.
    expect(read({ kind: 'retirement', beneficiary_raw: { 'Retirement Details': 'Retired on behalf of Company 0 Holdings Ltd for its 2025 goals' }, reason: null }).reading.name).toBe('Company 0 Holdings')
  })
})
