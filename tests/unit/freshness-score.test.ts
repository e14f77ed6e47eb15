import { describe, expect, it } from 'vitest'
import { freshnessCredit, hourMs, hoursSince } from '../../src/server/catalogue/freshness'
import type { CandidatePool } from '../../src/server/ranking/pool'
import { freshnessAt } from '../../src/server/ranking/score'

const now = Date.parse('2026-11-30T12:00:00Z')
const day = (text: string) => Date.parse(`${text}T00:00:00Z`)
const berkeley = { id: 'src_vrod', kind: 'dataset', cadence_hours: 2160 }
const verra = { id: 'src_verra', kind: 'registry', cadence_hours: 24 }
const market = { id: 'src_marketsource', kind: 'market', cadence_hours: 24 }
const rating = { id: 'src_ratings', kind: 'rating', cadence_hours: 168 }

/**
 * The part of a candidate pool `freshnessAt` reads: each source's last update of each project (NaN: never), a project
 * a row. Built by hand, so the method is held to figures worked out here rather than to a second copy of it.
 */
function poolOf(sources: readonly { id: string; kind: string; cadence_hours: number }[], updates: readonly (readonly number[])[]): CandidatePool {
  const projects = updates[0].length
  return {
    size: projects,
    row: Int32Array.from({ length: projects }, (_, i) => i),
    catalogue: { sources, coverage: updates.map((column) => Float64Array.from(column)) },
    freshness: { at: Number.NaN, values: new Float64Array(projects) },
  } as unknown as CandidatePool
}

describe("a project's freshness in the ranking", () => {
  it("keeps what Berkeley's count gave it when Verra's newer export, old against Verra's cadence, updates it", () => {
    const counted = freshnessCredit(hoursSince(day('2025-12-31'), now), berkeley.cadence_hours)
    expect(counted).toBeCloseTo(0.094, 3)
    expect(freshnessCredit(hoursSince(day('2026-04-13'), now), verra.cadence_hours)).toBe(0)
    // Two projects Berkeley counts as of Dec 31, 2025; Verra's April export updates the second.
    const pool = poolOf([berkeley, verra], [[day('2025-12-31'), day('2025-12-31')], [Number.NaN, day('2026-04-13')]])
    expect([...freshnessAt(pool, now)]).toEqual([counted, counted])
  })

  it('takes each thing told at its freshest source, then the mean over the things told, and none of the rating', () => {
    const aged = (cadences: number, cadenceHours: number) => now - cadences * cadenceHours * hourMs
    // Credits two cadences old by Berkeley (2/3) and fresh by Verra (1), the price two old (2/3): (1 + 2/3) / 2, where
    // a plain mean of the three sources would be 7/9.
    // A second project with the rating alone, which keeps no schedule, is covered by nothing that counts.
    const pool = poolOf(
      [berkeley, verra, market, rating],
      [
        [aged(2, 2160), Number.NaN],
        [aged(0.5, 24), Number.NaN],
        [aged(2, 24), Number.NaN],
        [now, now],
      ],
    )
    const [first, second] = freshnessAt(pool, now)
    expect(first).toBeCloseTo((1 + 2 / 3) / 2, 12)
    expect(second).toBe(0)
  })
})
