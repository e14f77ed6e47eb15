import { describe, expect, it } from 'vitest'
import { ScratchLender, type ScratchSpace } from '../../src/server/ranking/scratch'

describe('a pool\'s scratch space', () => {
  it('is lent to one ranking at a time: one that starts meanwhile gets space of its own', () => {
    const lender = new ScratchLender(4)
    let outer: ScratchSpace | undefined
    let inner: ScratchSpace | undefined
    lender.rankWith((space) => {
      outer = space
      lender.rankWith((other) => (inner = other))
    })
    expect(inner).toBeDefined()
    expect(inner).not.toBe(outer)
    expect(inner!.positions).not.toBe(outer!.positions)
    // Once handed back, the next ranking reuses the pool's own space.
    expect(lender.rankWith((space) => space)).toBe(outer)
  })

  it('refuses a ranking that would hold it across an await, and is free again after', () => {
    const lender = new ScratchLender(4)
    expect(() => lender.rankWith(async () => 1)).toThrow(/synchronous/)
    const own = lender.rankWith((space) => space)
    expect(lender.rankWith((space) => space)).toBe(own)
  })
})
