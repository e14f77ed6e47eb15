import { describe, expect, it } from 'vitest'
import { freshnessCredit, freshnessScore, hoursSince } from '../../src/server/catalogue/freshness'

const now = Date.parse('2026-11-30T12:00:00Z')
/** A source's credit for a project it last updated on `day`, at its cadence. */
const credit = (day: string, cadenceHours: number) => freshnessCredit(hoursSince(Date.parse(`${day}T00:00:00Z`), now), cadenceHours)

describe("a project's freshness in the ranking", () => {
  it("keeps what Berkeley's count gave it when Verra's newer export, old against Verra's cadence, updates it", () => {
    const berkeley = { concern: 'credits', credit: credit('2025-12-31', 2160) }
    const verra = { concern: 'credits', credit: credit('2026-04-13', 24) }
    expect(berkeley.credit).toBeCloseTo(0.094, 3)
    expect(verra.credit).toBe(0)
    expect(freshnessScore([berkeley])).toBe(berkeley.credit)
    expect(freshnessScore([berkeley, verra])).toBe(berkeley.credit)
  })

  it('takes each thing told at its freshest source, then the mean over the things told', () => {
    expect(freshnessScore([])).toBe(0)
    expect(freshnessScore([{ concern: 'credits', credit: 0.2 }, { concern: 'credits', credit: 0.8 }, { concern: 'price', credit: 0.4 }])).toBeCloseTo(0.6, 12)
    // One more source of a thing already told never lowers the freshness, whatever its own credit.
    const told = [{ concern: 'credits', credit: 0.5 }, { concern: 'price', credit: 1 }]
    for (const extra of [0, 0.25, 0.5, 0.75, 1]) {
      for (const concern of ['credits', 'price']) expect(freshnessScore([...told, { concern, credit: extra }])).toBeGreaterThanOrEqual(freshnessScore(told))
    }
  })
})
