import { describe, expect, it } from 'vitest'
import type { CoverageMatrix } from '../../src/api/contract/coverage'
import { staleSelectionLimit } from '../../src/features/coverage/lib/source-refresh'
import { buildHeatmapModel, CellClass, cellFacts, classAt, classify, staleKeys, staleSelection } from '../../src/features/coverage/lib/heatmap-model'
import { describeCell } from '../../src/features/coverage/lib/describe-cell'

const summary = { fresh: 0, stale: 0, missing: 0 }
const matrix: Pick<CoverageMatrix, 'rows' | 'sources' | 'as_of'> = {
  as_of: '2026-11-22T12:00:00.000Z',
  sources: [
    { id: 'src_verra', name: 'Verra Registry', cadence_hours: 24, registry: 'VCS', registries: ['VCS'], summary },
    { id: 'src_ratings', name: 'Ratings', cadence_hours: 168, registry: null, registries: null, summary },
  ],
  rows: [
    { key: 'VCS191', name: 'Kariba REDD+', registry: 'VCS', type: 'REDD+', region: 'Sub-Saharan Africa', synthetic: false, ages: [3, 200] },
    { key: 'GS337', name: 'Cookstoves', registry: 'GS', type: 'Cookstoves', region: 'Southern Asia', synthetic: true, ages: [null, null] },
    { key: 'VCS7', name: 'Old wind', registry: 'VCS', type: 'Wind', region: 'Eastern Asia', synthetic: true, ages: [100, 400] },
  ],
}

describe('cell classes', () => {
  it('splits fresh at half the cadence and stale at three cadences, as the legend says', () => {
    expect(classify(0, 24, true)).toBe(CellClass.fresh)
    expect(classify(12, 24, true)).toBe(CellClass.fresh)
    expect(classify(13, 24, true)).toBe(CellClass.dueSoon)
    expect(classify(24, 24, true)).toBe(CellClass.dueSoon)
    expect(classify(25, 24, true)).toBe(CellClass.stale)
    expect(classify(72, 24, true)).toBe(CellClass.stale)
    expect(classify(73, 24, true)).toBe(CellClass.veryStale)
    expect(classify(null, 24, true)).toBe(CellClass.missing)
  })

  it('marks a registry source as not applicable to another registry’s projects, whatever the age', () => {
    expect(classify(null, 24, false)).toBe(CellClass.notApplicable)
    expect(classify(3, 24, false)).toBe(CellClass.notApplicable)
  })
})

describe('the heatmap model', () => {
  const model = buildHeatmapModel(matrix)

  it('classifies every cell once, row by row', () => {
    expect(model.classes).toHaveLength(6)
    expect(classAt(model, 0, 0)).toBe(CellClass.fresh)
    expect(classAt(model, 0, 1)).toBe(CellClass.stale)
    expect(classAt(model, 1, 0)).toBe(CellClass.notApplicable)
    expect(classAt(model, 1, 1)).toBe(CellClass.missing)
    expect(classAt(model, 2, 0)).toBe(CellClass.veryStale)
    expect(classAt(model, 2, 1)).toBe(CellClass.stale)
  })

  it('dates a cell’s last update from the matrix time less its age', () => {
    const facts = cellFacts(model, 0, 0)
    expect(facts.state).toBe('fresh')
    expect(facts.updatedAt).toBe('2026-11-22T09:00:00.000Z')
    expect(cellFacts(model, 1, 1).updatedAt).toBeNull()
  })

  it('lists the stale projects of one source, stale and long overdue alike', () => {
    expect(staleKeys(model, 0)).toEqual(['VCS7'])
    // Stalest first (400 hours before 200): a run of at most 1,000 projects takes the first of them.
    expect(staleKeys(model, 1)).toEqual(['VCS7', 'VCS191'])
  })

  it('selects as many stale projects as one run covers, the stalest, and says how many were stale', () => {
    expect(staleSelection(model, 1, 1000)).toEqual({ keys: ['VCS7', 'VCS191'] })
    expect(staleSelection(model, 1, 1)).toEqual({ keys: ['VCS7'], staleOf: 2 })
    // Berkeley's 10,975, all stale, each an hour older than the last: the 1,000 oldest, of 10,975.
    const many = buildHeatmapModel({ ...matrix, rows: Array.from({ length: 10_975 }, (_, i) => ({ ...matrix.rows[0], key: `VCS${i}`, ages: [100 + i, 200] })) })
    const chosen = staleSelection(many, 0, 1000)
    expect(chosen.staleOf).toBe(10_975)
    expect(chosen.keys).toHaveLength(1000)
    expect(chosen.keys[0]).toBe('VCS10974')
    expect(chosen.keys.at(-1)).toBe('VCS9975')
    // Refreshed by importing a newer release, they are selected whole: no run has to fit them.
    expect(staleSelection(many, 0, staleSelectionLimit('release'))).toEqual({ keys: staleKeys(many, 0) })
    expect(staleKeys(many, 0)).toHaveLength(10_975)
  })

  it('describes a cell in one sentence for the tooltip and screen readers', () => {
    expect(describeCell(cellFacts(model, 0, 0))).toBe(
      'Kariba REDD+ (VCS191), Verra Registry: fresh, updated 3 hours ago (expected daily)',
    )
    expect(describeCell(cellFacts(model, 1, 1))).toBe('Cookstoves (GS337), Ratings: never updated')
    // Its shade, as the legend names the colour it is drawn in: 100 hours of a daily source is past three cadences.
    expect(describeCell(cellFacts(model, 2, 0))).toBe('Old wind (VCS7), Verra Registry: stale, long overdue, updated 4 days ago (expected daily)')
    expect(describeCell(cellFacts(model, 0, 1))).toBe('Kariba REDD+ (VCS191), Ratings: stale, updated 8 days ago (expected weekly)')
    expect(describeCell(cellFacts(model, 1, 0))).toMatch(/not applicable, this source covers only Verra \(VCS\) projects/)
  })

  // Its time is the bench's to hold (tests/bench/browser.ts, the heatmap's draw in Chromium), not a timed assertion here.
  it('classifies ten thousand projects by ten sources, every cell', () => {
    const sources = Array.from({ length: 10 }, (_, i) => ({ ...matrix.sources[1], id: `s${i}` }))
    const rows = Array.from({ length: 10_000 }, (_, r) => ({
      ...matrix.rows[0],
      key: `VCS${r}`,
      ages: sources.map((_, c) => ((r * 7 + c * 13) % 500 === 0 ? null : (r * 7 + c * 13) % 500)),
    }))
    const big = buildHeatmapModel({ as_of: matrix.as_of, sources, rows })
    expect(big.classes).toHaveLength(100_000)
    expect(Number.isFinite(big.buildMs)).toBe(true)
  })
})
