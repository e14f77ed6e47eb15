import { describe, it, expect } from 'vitest'
import { qualitySignalKey } from '../../src/api/contract/projects'
import { generateDataset } from '../../src/server/seeding/generator'
import { compositeScore, describeMethod, gradeFor } from '../../src/server/quality/composite'
import { signalDefinition, signalDefinitions } from '../../src/server/quality/signals'
import { unknownRiskValue } from '../../src/server/quality/unknown-risk'

const now = new Date('2026-11-20T12:00:00Z')

describe('quality signals', () => {
  it('defines exactly the signals of the API contract', () => {
    expect(signalDefinitions.map((d) => d.key).sort()).toEqual([...qualitySignalKey.options].sort())
    for (const d of signalDefinitions) {
      expect(d.label.length).toBeGreaterThan(0)
      expect(d.description.length).toBeGreaterThan(0)
    }
  })

  it('weighs the signals to a total of exactly 1', () => {
    const total = signalDefinitions.reduce((sum, d) => sum + Math.round(d.weight * 1000), 0)
    expect(total).toBe(1000)
    expect(signalDefinitions.reduce((sum, d) => sum + d.weight, 0)).toBeCloseTo(1, 12)
  })

  it('weighs additionality and over-crediting most', () => {
    const others = signalDefinitions.filter((d) => d.key !== 'additionality' && d.key !== 'over_crediting')
    for (const top of ['additionality', 'over_crediting'] as const) {
      for (const other of others) expect(signalDefinition(top).weight).toBeGreaterThan(other.weight)
    }
  })
})

describe('compositeScore', () => {
  const all = (value: number) => signalDefinitions.map((d) => ({ key: d.key, value }))

  it('is the weighted sum of all signals on a 0–100 scale, with the points adding up to it', () => {
    const signals = signalDefinitions.map((d, i) => ({ key: d.key, value: i / 10 }))
    const expected = signalDefinitions.reduce((sum, d, i) => sum + d.weight * (i / 10), 0) * 100
    const composite = compositeScore(signals)
    expect(composite.score).toBe(Math.round(expected * 10) / 10)
    expect(composite.ratedWeight).toBeCloseTo(1, 10)
    const points = Object.values(composite.contributions).reduce((sum, v) => sum + v, 0)
    expect(points).toBeCloseTo(expected, 1)
  })

  it('counts a missing signal at its unknown-risk value instead of re-weighting the others', () => {
    const withoutMrv = all(0.8).filter((s) => s.key !== 'mrv')
    const composite = compositeScore(withoutMrv)
    const mrv = signalDefinition('mrv').weight
    expect(composite.score).toBe(Math.round(1000 * (0.8 * (1 - mrv) + unknownRiskValue.mrv * mrv)) / 10)
    expect(composite.ratedWeight).toBeCloseTo(1 - mrv, 10)
    expect(composite.contributions.mrv).toBeCloseTo(100 * mrv * unknownRiskValue.mrv, 2)
  })

  it('never rates a project better for knowing less: a missing signal scores no more than any known value of it', () => {
    for (const { key } of signalDefinitions) {
      const others = all(0.6).filter((s) => s.key !== key)
      const missing = compositeScore(others).score!
      for (const value of [unknownRiskValue[key], 0.3, 0.5, 0.9]) {
        if (value < unknownRiskValue[key]) continue
        expect(compositeScore([...others, { key, value }]).score!).toBeGreaterThanOrEqual(missing)
      }
    }
  })

  it('gives no score and no grade when no signal is known', () => {
    expect(compositeScore([])).toEqual({ score: null, grade: null, ratedWeight: 0, contributions: {} })
  })

  it('ignores keys that are not quality signals', () => {
    expect(compositeScore([...all(0.5), { key: 'price', value: 1 }]).score).toBe(50)
  })
})

describe('gradeFor', () => {
  it.each([
    [100, 'AAA'],
    [85, 'AAA'],
    [84.9, 'AA'],
    [75, 'AA'],
    [74.9, 'A'],
    [65, 'A'],
    [64.9, 'BBB'],
    [55, 'BBB'],
    [54.9, 'BB'],
    [45, 'BB'],
    [44.9, 'B'],
    [35, 'B'],
    [34.9, 'C'],
    [25, 'C'],
    [24.9, 'D'],
    [0, 'D'],
  ] as const)('grades %s as %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade)
  })

  it('grades nothing when there is no score', () => {
    expect(gradeFor(null)).toBeNull()
  })
})

describe('describeMethod', () => {
  it('names the missing signals, what they count as, and the share of the weight evidence backs', () => {
    expect(describeMethod(0.9, ['mrv'])).toBe(
      'Weighted sum of all 8 signals; evidence backs 90% of the weight. Without evidence, counted at the lowest value the rules give, as unknown risk: MRV (0.10).',
    )
  })

  it('says plainly when all signals are present, or none', () => {
    expect(describeMethod(1, [])).toBe('Weighted sum of all 8 signals, each backed by evidence (weights sum to 100%).')
    expect(describeMethod(0, [...qualitySignalKey.options])).toMatch(/no composite score/i)
  })
})

describe('quality across a generated dataset', () => {
  const data = generateDataset({ projects: 4000, seed: 99, now })
  const byProject = new Map<string, { key: string; value: number }[]>()
  for (const s of data.signals) {
    const list = byProject.get(s.project_id) ?? []
    list.push({ key: s.signal, value: s.value })
    byProject.set(s.project_id, list)
  }

  it('scores every rated project from the signals it has, never more than the eight', () => {
    for (const p of data.projects) {
      const signals = byProject.get(p.id)
      if (!signals) continue
      expect(signals.length).toBeLessThanOrEqual(signalDefinitions.length)
      expect(p.quality_score).toBe(compositeScore(signals).score)
    }
  })

  it('leaves unrated projects without a score rather than guessing one', () => {
    const unrated = data.projects.filter((p) => !byProject.has(p.id))
    for (const p of unrated) {
      expect(p.quality_score).toBeNull()
      expect(p.quality_grade).toBeNull()
    }
  })

  it('rates no signal below what a missing one counts as, so the unknown-risk values are the floor of the rules', () => {
    for (const s of data.signals) expect(s.value).toBeGreaterThanOrEqual(unknownRiskValue[s.signal as keyof typeof unknownRiskValue])
  })

  it('spreads projects over several grades', () => {
    const grades = new Set(data.projects.map((p) => p.quality_grade).filter(Boolean))
    expect(grades.size).toBeGreaterThanOrEqual(4)
  })
})
