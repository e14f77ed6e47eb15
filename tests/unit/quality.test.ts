import { describe, it, expect } from 'vitest'
import { qualitySignalKey, type QualitySignalKey } from '../../src/api/contract/projects'
import { labelNames } from '../../src/api/contract/vocabulary'
import { generateDataset } from '../../src/server/data/generator'
import { createRng } from '../../src/server/data/random'
import { compositeScore, describeMethod, gradeFor } from '../../src/server/quality/composite'
import { rateProject, ratingsModelSource, type RatedProject } from '../../src/server/quality/rules'
import { signalDefinition, signalDefinitions } from '../../src/server/quality/signals'

const now = new Date('2026-11-20T12:00:00Z')

const project = (overrides: Partial<RatedProject>): RatedProject => ({
  id: 'prj_test',
  registry: 'VCS',
  status: 'registered',
  type: 'Wind',
  reduction_removal: 'reduction',
  country: 'India',
  state: 'Gujarat',
  methodology: 'ACM0002',
  vintage: 2018,
  issued: 500_000,
  buffer: 0,
  labels: [],
  sdgs: [],
  ...overrides,
})

/** Mean value of one signal over many independent ratings of the same project. */
function meanSignal(p: RatedProject, key: QualitySignalKey, runs = 300): number {
  let sum = 0
  let n = 0
  for (let seed = 1; seed <= runs; seed++) {
    const signal = rateProject(p, { now, rng: createRng(seed) }).find((s) => s.signal === key)
    if (signal) {
      sum += signal.value
      n++
    }
  }
  return sum / n
}

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

  it('is the weighted mean of all signals on a 0–100 scale', () => {
    const signals = signalDefinitions.map((d, i) => ({ key: d.key, value: i / 10 }))
    const expected = signalDefinitions.reduce((sum, d, i) => sum + d.weight * (i / 10), 0) * 100
    const composite = compositeScore(signals)
    expect(composite.score).toBe(Math.round(expected * 10) / 10)
    expect(composite.weightsPresent).toBeCloseTo(1, 10)
    const points = Object.values(composite.contributions).reduce((sum, v) => sum + v, 0)
    expect(points).toBeCloseTo(expected, 1)
  })

  it('renormalises over the weights of the signals present instead of inventing a missing one', () => {
    const withoutMrv = all(0.8).filter((s) => s.key !== 'mrv')
    const composite = compositeScore(withoutMrv)
    expect(composite.score).toBe(80)
    expect(composite.weightsPresent).toBeCloseTo(1 - signalDefinition('mrv').weight, 10)
    expect(composite.contributions.mrv).toBeUndefined()

    const mixed = compositeScore([
      { key: 'additionality', value: 1 },
      { key: 'labels', value: 0 },
    ])
    const a = signalDefinition('additionality').weight
    const l = signalDefinition('labels').weight
    expect(mixed.score).toBe(Math.round((1000 * a) / (a + l)) / 10)
  })

  it('gives no score and no grade when no signal is known', () => {
    expect(compositeScore([])).toEqual({ score: null, grade: null, weightsPresent: 0, contributions: {} })
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
  it('names the missing signals and the weight that is present', () => {
    expect(describeMethod(0.9, ['mrv'])).toBe('Weighted mean of 7 of 8 signals (weights present 0.90, renormalised); missing: MRV.')
  })

  it('says plainly when all signals are present, or none', () => {
    expect(describeMethod(1, [])).toBe('Weighted mean of all 8 signals (weights sum to 1.00).')
    expect(describeMethod(0, [...qualitySignalKey.options])).toMatch(/no composite score/i)
  })
})

describe('rateProject', () => {
  it('gives the same signals for the same rng seed', () => {
    const p = project({ type: 'Cookstoves', country: 'Kenya' })
    expect(rateProject(p, { now, rng: createRng(9) })).toEqual(rateProject(p, { now, rng: createRng(9) }))
  })

  it('writes rows with values from 0 to 1, a source, the rating time and a short evidence sentence', () => {
    const rows = rateProject(project({}), { now, rng: createRng(1) })
    for (const row of rows) {
      expect(row.project_id).toBe('prj_test')
      expect(qualitySignalKey.options).toContain(row.signal)
      expect(row.value).toBeGreaterThanOrEqual(0)
      expect(row.value).toBeLessThanOrEqual(1)
      expect(row.source.length).toBeGreaterThan(0)
      expect(row.as_of).toBe(now.toISOString())
      expect(row.evidence.length).toBeGreaterThan(10)
      expect(row.evidence.length).toBeLessThan(160)
    }
    expect(rows.find((r) => r.signal === 'additionality')!.source).toBe(ratingsModelSource)
    expect(rows.find((r) => r.signal === 'governance')!.source).toBe('Verra Registry')
  })

  it('gives cookstoves an over-crediting risk far above landfill gas', () => {
    const cookstoves = meanSignal(project({ type: 'Cookstoves', country: 'Malawi', methodology: 'AMS-II.G.' }), 'over_crediting')
    const landfill = meanSignal(project({ type: 'Landfill Methane', country: 'United States', methodology: 'U.S. Landfill Protocol' }), 'over_crediting')
    expect(cookstoves).toBeLessThan(0.3)
    expect(landfill - cookstoves).toBeGreaterThan(0.4)
    const evidence = rateProject(project({ type: 'Cookstoves', methodology: 'AMS-II.G.' }), { now, rng: createRng(2) })
    expect(evidence.find((s) => s.signal === 'over_crediting')!.evidence).toMatch(/Gill-Wiehl/)
  })

  it('scores large grid-connected renewables low on additionality', () => {
    const wind = meanSignal(project({ type: 'Wind', country: 'China' }), 'additionality')
    const ods = meanSignal(project({ type: 'ODS Destruction', country: 'United States' }), 'additionality')
    expect(wind).toBeLessThan(0.35)
    expect(ods - wind).toBeGreaterThan(0.4)
  })

  it('flags weak baselines and leakage in avoided deforestation', () => {
    const redd = project({ type: 'REDD+', country: 'Peru', methodology: 'VM0007' })
    expect(meanSignal(redd, 'over_crediting')).toBeLessThan(0.3)
    expect(meanSignal(redd, 'leakage')).toBeLessThan(meanSignal(project({ type: 'Wind' }), 'leakage') - 0.4)
  })

  it('gives forestry a lower permanence than direct air capture, softened by buffer deposits', () => {
    const forest = project({ type: 'Afforestation/Reforestation', reduction_removal: 'impermanent_removal', country: 'Brazil', issued: 100_000, buffer: 0 })
    const buffered = { ...forest, buffer: 20_000 }
    const dac = project({ type: 'Direct Air Capture', reduction_removal: 'long_duration_removal', registry: 'ISO', country: 'Iceland', issued: 500 })
    expect(meanSignal(dac, 'permanence') - meanSignal(forest, 'permanence')).toBeGreaterThan(0.4)
    expect(meanSignal(buffered, 'permanence')).toBeGreaterThan(meanSignal(forest, 'permanence') + 0.1)
    expect(rateProject(buffered, { now, rng: createRng(3) }).find((s) => s.signal === 'permanence')!.evidence).toMatch(/20% of issuance/)
  })

  it('scores MRV by time since the last verification, and sometimes has none for pipeline projects', () => {
    const pipeline = project({ status: 'pipeline', issued: 0, vintage: null })
    const ratings = Array.from({ length: 200 }, (_, seed) => rateProject(pipeline, { now, rng: createRng(seed) }))
    const withoutMrv = ratings.filter((rows) => !rows.some((r) => r.signal === 'mrv')).length
    expect(withoutMrv).toBeGreaterThan(20)
    expect(withoutMrv).toBeLessThan(100)
    const verified = rateProject(project({}), { now, rng: createRng(4) }).find((s) => s.signal === 'mrv')!
    expect(verified.evidence).toMatch(/^Last verified \d+ months? ago/)
  })

  it('raises co-benefits for CCB labels and listed SDGs', () => {
    const plain = meanSignal(project({ type: 'REDD+', country: 'Peru' }), 'co_benefits')
    const labelled = meanSignal(project({ type: 'REDD+', country: 'Peru', labels: [labelNames.ccbBiodiversity, labelNames.ccbGold] }), 'co_benefits')
    expect(labelled - plain).toBeGreaterThan(0.2)
    const gs = rateProject(project({ registry: 'GS', sdgs: [3, 7, 13] }), { now, rng: createRng(5) }).find((s) => s.signal === 'co_benefits')!
    expect(gs.evidence).toMatch(/SDGs 3, 7, 13/)
  })

  it('raises governance for Article 6 authorisation and lowers it for inactive projects', () => {
    const base = meanSignal(project({}), 'governance')
    expect(meanSignal(project({ labels: [labelNames.article6] }), 'governance')).toBeGreaterThan(base + 0.1)
    expect(meanSignal(project({ status: 'inactive' }), 'governance')).toBeLessThan(base - 0.2)
  })

  it('rates labels high for CCP approval and low without CCP or CORSIA', () => {
    expect(meanSignal(project({ labels: [labelNames.ccp] }), 'labels')).toBeGreaterThan(0.8)
    expect(meanSignal(project({}), 'labels')).toBeLessThan(0.35)
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

  it('misses one or two signals for about 5–10% of projects, and never invents them', () => {
    const partial = data.projects.filter((p) => {
      const n = byProject.get(p.id)?.length ?? 0
      return n > 0 && n < signalDefinitions.length
    })
    const share = partial.length / data.projects.length
    expect(share).toBeGreaterThan(0.05)
    expect(share).toBeLessThan(0.1)
    for (const p of partial) {
      const signals = byProject.get(p.id)!
      expect(signals.length).toBeGreaterThanOrEqual(signalDefinitions.length - 2)
      const composite = compositeScore(signals)
      expect(composite.weightsPresent).toBeLessThan(1)
      expect(p.quality_score).toBe(composite.score)
    }
  })

  it('leaves unrated projects without a score rather than guessing one', () => {
    const unrated = data.projects.filter((p) => !byProject.has(p.id))
    for (const p of unrated) {
      expect(p.quality_score).toBeNull()
      expect(p.quality_grade).toBeNull()
    }
  })

  it('spreads projects over most grades', () => {
    const grades = new Set(data.projects.map((p) => p.quality_grade).filter(Boolean))
    expect(grades.size).toBeGreaterThanOrEqual(6)
  })
})
