import { describe, expect, it } from 'vitest'
import { readAndTakeInOrder } from '../../src/server/runs/read-in-order'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Items 0 to count - 1, noting how many were asked for. */
async function* numbers(count: number, asked: { count: number }) {
  for (let i = 0; i < count; i++) {
    asked.count++
    yield i
  }
}

describe('reading items two at a time and taking them in order', () => {
  it('takes every read in the items\' order, however the reads finish', async () => {
    const taken: number[] = []
    // Later items read faster than earlier ones.
    await readAndTakeInOrder(numbers(12, { count: 0 }), 2, async (i) => (await pause((12 - i) * 2), i * 10), async (read) => void taken.push(read))
    expect(taken).toEqual(Array.from({ length: 12 }, (_, i) => i * 10))
  })

  it('reads at most two at once, and holds no more than two reads beyond the one being taken', async () => {
    const asked = { count: 0 }
    let reading = 0
    let mostReading = 0
    let mostAhead = 0
    let taken = 0
    await readAndTakeInOrder(
      numbers(20, asked),
      2,
      async (i) => {
        mostReading = Math.max(mostReading, ++reading)
        await pause(1)
        reading--
        return i
      },
      async () => {
        // A slow taker: the readers wait for it rather than read the whole list ahead.
        mostAhead = Math.max(mostAhead, asked.count - taken)
        await pause(10)
        taken++
      },
    )
    expect([mostReading, mostAhead, taken]).toEqual([2, 3, 20])
  })

  it('begins no read after one failed, and fails with its error', async () => {
    const asked = { count: 0 }
    const taken: number[] = []
    const reading = readAndTakeInOrder(
      numbers(20, asked),
      2,
      async (i) => {
        await pause(1)
        if (i === 3) throw new Error('item 3 is unreadable')
        return i
      },
      async (read) => void taken.push(read),
    )
    await expect(reading).rejects.toThrow('item 3 is unreadable')
    expect(taken).toEqual([0, 1, 2])
    expect(asked.count).toBeLessThanOrEqual(6)
  })

  it('fails with the items\' own error, and with the taker\'s', async () => {
    async function* refusing() {
      yield 1
      throw new Error('the file passes the row limit')
    }
    await expect(readAndTakeInOrder(refusing(), 2, async (i) => i, async () => {})).rejects.toThrow('the file passes the row limit')
    await expect(
      readAndTakeInOrder(numbers(5, { count: 0 }), 2, async (i) => i, async (i) => {
        if (i === 2) throw new Error('not an export')
      }),
    ).rejects.toThrow('not an export')
  })
})
