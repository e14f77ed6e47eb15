import { describe, expect, it } from 'vitest'
import { StoreBusy, StoreTurns } from '../../src/server/db/engine/store-turns'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The embedded store's one connection: one user at a time, in order; a request waits only so long for its turn. */
describe('store turns', () => {
  it('hands the store to one user at a time, in the order they asked', async () => {
    const turns = new StoreTurns()
    const order: string[] = []
    const use = async (name: string, waitMs?: number) => {
      await turns.take(waitMs)
      order.push(`${name} in`)
      await pause(5)
      order.push(`${name} out`)
      turns.give()
    }
    await Promise.all([use('run'), use('read', 1000), use('upkeep')])
    expect(order).toEqual(['run in', 'run out', 'read in', 'read out', 'upkeep in', 'upkeep out'])
  })

  it('refuses a user whose wait ran out with StoreBusy, and the users behind it move up', async () => {
    const turns = new StoreTurns()
    await turns.take()
    const started = performance.now()
    const impatient = turns.take(50)
    const patient = turns.take()
    await expect(impatient).rejects.toBeInstanceOf(StoreBusy)
    await expect(impatient).rejects.toMatchObject({ waitedMs: 50 })
    expect(performance.now() - started).toBeLessThan(1000)
    let granted = false
    void patient.then(() => (granted = true))
    await pause(20)
    expect(granted).toBe(false)
    turns.give()
    await patient
    turns.give()
    // Free again: the next user goes in at once, however short its wait.
    await turns.take(1)
  })
})
