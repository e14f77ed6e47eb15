import { describe, it, expect } from 'vitest'
import type { QualitySignalKey } from '../../src/api/contract/projects'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { citations } from '../../src/server/core/citations'
import { gradeFor } from '../../src/server/quality/composite'
import { ratingMethodDocument } from '../../src/server/quality/rating-method'
import { mrvValueForAge, rateProject, rateSignals, type RatedProject } from '../../src/server/quality/rules'
import { ratingSourceName } from '../../src/server/sources/rating-source'

const dataYear = 2025

const project = (overrides: Partial<RatedProject>): RatedProject => ({
  id: 'prj_test',
  registry: 'VCS',
  status: 'registered',
  scope: 'Renewable Energy',
  type: 'Wind',
  reduction_removal: 'reduction',
  methodology: 'ACM0002',
  issued: 500_000,
  buffer: 0,
  labels: [],
  sdgs: [],
  issuances: [{ year: 2024, issued: 500_000 }],
  ...overrides,
})

const signal = (p: RatedProject, key: QualitySignalKey) => rateSignals(p, dataYear).find((s) => s.key === key)
const value = (p: RatedProject, key: QualitySignalKey) => signal(p, key)?.value

describe('the open rating (credence-rating/6)', () => {
  it('gives the same rows for the same facts, with no draw anywhere', () => {
    const ratedAt = new Date('2026-01-01T00:00:00Z')
    const p = project({ type: 'REDD+', scope: 'Forestry & Land Use', buffer: 60_000 })
    expect(rateProject(p, { ratedAt, asOfYear: dataYear })).toEqual(rateProject(p, { ratedAt, asOfYear: dataYear }))
  })

  it('does not change when only the clock moves: ages count from the data\'s year', () => {
    const p = project({ issuances: [{ year: 2006, issued: 10 }] })
    const a = rateProject(p, { ratedAt: new Date('2026-01-01T00:00:00Z'), asOfYear: dataYear })
    const b = rateProject(p, { ratedAt: new Date('2027-06-01T00:00:00Z'), asOfYear: dataYear })
    expect(a.map((s) => s.value)).toEqual(b.map((s) => s.value))
  })

  it('stores each row with the open rating as source, its facts as JSON and the citations it used', () => {
    const rows = rateProject(project({}), { ratedAt: new Date('2026-01-01T00:00:00Z'), asOfYear: dataYear })
    for (const row of rows) {
      expect(row.source).toBe(ratingSourceName)
      expect(Array.isArray(row.facts)).toBe(true)
      for (const id of row.citations as string[]) expect(citations).toHaveProperty(id)
    }
  })
})

describe('additionality', () => {
  it('is 0.15 for wind and other grid renewables, citing the ICVCM decision of 2024', () => {
    expect(value(project({}), 'additionality')).toBe(0.15)
    expect(value(project({ type: 'Hydropower' }), 'additionality')).toBe(0.15)
    expect(signal(project({}), 'additionality')!.citations).toContain('icvcm-2024-renewables')
  })

  it("names biomass and geothermal heat as the ICVCM's decision does, not as grid-connected power", () => {
    // Brazil's ceramic kilns switching to biomass heat (VCS55) read "grid-connected renewables fail the CCP test".
    for (const type of ['Biomass', 'Geothermal']) {
      const s = signal(project({ type, scope: 'Renewable Energy' }), 'additionality')!
      expect(s.value, type).toBe(0.15)
      expect(s.evidence, type).toMatch(/^Renewable power and heat \(grid-connected renewables, biomass power and heat, geothermal heat\) fail the CCP additionality test/)
    }
  })

  it('is 0.25 for REDD+ (West et al. 2023) and 0.80 for landfill gas (CCP-approved)', () => {
    expect(value(project({ type: 'REDD+', scope: 'Forestry & Land Use' }), 'additionality')).toBe(0.25)
    expect(value(project({ type: 'Landfill Methane', scope: 'Waste Management' }), 'additionality')).toBe(0.8)
  })

  it('rises to 0.75 when the project carries the CCP label, and says so', () => {
    const s = signal(project({ labels: ['ICVCM CCP-Approved'] }), 'additionality')!
    expect(s.value).toBe(0.75)
    expect(s.facts).toContainEqual({ name: 'label', value: 'ICVCM CCP-Approved' })
    expect(s.citations).toContain('icvcm-2024-ccp')
  })

  it('is missing for a kind no published finding covers', () => {
    expect(signal(project({ type: 'Rice Emission Reductions', scope: 'Agriculture' }), 'additionality')).toBeUndefined()
  })
})

describe('over-crediting', () => {
  it('follows the systematic review by type: cookstoves 0.11, wind 0.05, REDD+ 0.25, IFM 0.10, HFC-23 0.68', () => {
    expect(value(project({ type: 'Cookstoves', scope: 'Household & Community' }), 'over_crediting')).toBe(0.11)
    expect(value(project({ type: 'Wind' }), 'over_crediting')).toBe(0.05)
    expect(value(project({ type: 'REDD+', scope: 'Forestry & Land Use' }), 'over_crediting')).toBe(0.25)
    expect(value(project({ type: 'Improved Forest Management', scope: 'Forestry & Land Use' }), 'over_crediting')).toBe(0.1)
    expect(value(project({ type: 'HFC23 Destruction', scope: 'Chemical Processes' }), 'over_crediting')).toBe(0.68)
  })

  it('quotes the finding in the evidence note', () => {
    const s = signal(project({ type: 'REDD+', scope: 'Forestry & Land Use' }), 'over_crediting')!
    expect(s.evidence).toMatch(/25% of credits real reductions in a systematic review \(Probst et al\. 2024\)/)
    expect(s.citations).toEqual(['probst-2024', 'west-2023'])
    expect(s.facts).toContainEqual({ name: 'type', value: 'REDD+' })
  })

  it('is 0.75 for destroyed ozone-depleting substances, whose methodologies are CCP-approved', () => {
    expect(value(project({ type: 'Ozone Depleting Substances Recovery & Destruction', scope: 'Chemical Processes' }), 'over_crediting')).toBe(0.75)
  })
})

describe('leakage', () => {
  it('is 0.35 for REDD+, 0.40 for IFM, 0.70 for jurisdictional REDD+', () => {
    expect(value(project({ type: 'REDD+', scope: 'Forestry & Land Use' }), 'leakage')).toBe(0.35)
    expect(value(project({ type: 'Improved Forest Management', scope: 'Forestry & Land Use' }), 'leakage')).toBe(0.4)
    expect(value(project({ type: 'Jurisdictional REDD+', scope: 'Forestry & Land Use' }), 'leakage')).toBe(0.7)
  })

  it('is 0.90 where the source is treated on site, and missing for land uses without a finding', () => {
    expect(value(project({ type: 'Landfill Methane', scope: 'Waste Management' }), 'leakage')).toBe(0.9)
    expect(signal(project({ type: 'Sustainable Agriculture', scope: 'Agriculture' }), 'leakage')).toBeUndefined()
  })
})

describe('permanence', () => {
  it('is 0.30 plus the buffer share for forests: 12% of issuance gives 0.42', () => {
    const s = signal(project({ type: 'REDD+', scope: 'Forestry & Land Use', issued: 1_000_000, buffer: 120_000 }), 'permanence')!
    expect(s.value).toBe(0.42)
    expect(s.facts).toContainEqual({ name: 'buffer pool', value: '12% of issuance' })
    expect(s.evidence).toMatch(/buffer pool 12% of issuance/)
  })

  it('counts at most 0.25 of buffer, so a forest stays below destroyed gases', () => {
    const forest = value(project({ type: 'REDD+', scope: 'Forestry & Land Use', issued: 100, buffer: 90 }), 'permanence')!
    expect(forest).toBe(0.55)
    const gas = value(project({ type: 'Ozone Depleting Substances Recovery & Destruction', scope: 'Chemical Processes' }), 'permanence')!
    expect(gas).toBe(0.95)
  })

  it('is 0.40 plus buffer for soil carbon, 0.90 for long-duration removals', () => {
    expect(value(project({ type: 'Sustainable Agriculture', scope: 'Agriculture', reduction_removal: 'mixed', issued: 100, buffer: 10 }), 'permanence')).toBe(0.5)
    expect(value(project({ type: 'Direct Air Capture', scope: 'Engineered Removal', reduction_removal: 'long_duration_removal' }), 'permanence')).toBe(0.9)
  })
})

describe('MRV', () => {
  it('maps years since the last issuance to a value', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 11, 19].map(mrvValueForAge)).toEqual([0.9, 0.9, 0.75, 0.6, 0.45, 0.45, 0.3, 0.3, 0.15, 0.15])
  })

  it('says "last issuance 2006, 19 years" for a project that stopped issuing, and ranks it below one issuing now', () => {
    const stopped = signal(project({ issuances: [{ year: 2004, issued: 5 }, { year: 2006, issued: 10 }] }), 'mrv')!
    expect(stopped.value).toBe(0.15)
    expect(stopped.evidence).toMatch(/Last issuance 2006, 19 years before the data \(2025\)/)
    expect(stopped.facts).toContainEqual({ name: 'years since last issuance', value: 19 })
    const current = signal(project({ issuances: [{ year: 2025, issued: 10 }] }), 'mrv')!
    expect(current.value).toBe(0.9)
    expect(current.value).toBeGreaterThan(stopped.value)
  })

  it('ignores negative (reversed) years, is low with nothing issued, and missing without a yearly series', () => {
    expect(value(project({ issuances: [{ year: 2025, issued: -3 }, { year: 2020, issued: 8 }] }), 'mrv')).toBe(0.45)
    expect(value(project({ issued: 0, issuances: [], registered_at: '2019-04-01' }), 'mrv')).toBe(0.1)
    expect(value(project({ issued: 0, issuances: [], registered_at: '2024-04-01' }), 'mrv')).toBe(0.2)
    expect(signal(project({ issuances: undefined }), 'mrv')).toBeUndefined()
  })
})

describe('co-benefits, governance and labels', () => {
  it('co-benefits: 0.20 + 0.30 CCB + 0.08 per extra Gold + 0.15 Social Carbon + 0.04 per SDG beyond the first', () => {
    expect(value(project({}), 'co_benefits')).toBe(0.2)
    expect(value(project({ labels: ['CCB-Gold', 'CCB-Biodiversity Gold'], sdgs: [3, 13, 15] }), 'co_benefits')).toBe(0.66)
    expect(value(project({ labels: ['Social Carbon'] }), 'co_benefits')).toBe(0.35)
  })

  it('governance: status, plus 0.20 with Article 6 authorisation', () => {
    expect(value(project({}), 'governance')).toBe(0.7)
    expect(value(project({ status: 'inactive' }), 'governance')).toBe(0.25)
    expect(value(project({ labels: ['Article 6 Authorized – NDC Use'] }), 'governance')).toBe(0.9)
  })

  it('labels: CCP 0.90 above CORSIA first phase 0.70, pilot 0.55 and none 0.20', () => {
    expect(value(project({ labels: ['ICVCM CCP-Approved'] }), 'labels')).toBe(0.9)
    expect(value(project({ labels: ['ICVCM CCP-Approved', 'CORSIA - First Phase, 2024-2026 Scope'] }), 'labels')).toBe(0.95)
    expect(value(project({ labels: ['CORSIA - First Phase, 2024-2026 Scope'] }), 'labels')).toBe(0.7)
    expect(value(project({ labels: ['CORSIA – Pilot Phase, 2021-2023 Eligible'] }), 'labels')).toBe(0.55)
    expect(value(project({}), 'labels')).toBe(0.2)
  })
})

describe('the rating method document', () => {
  it('fits its contract, lists every signal with rules, and every cited id is in its citations', () => {
    expect(ratingMethod.safeParse(ratingMethodDocument).success).toBe(true)
    expect(ratingMethodDocument.version).toBe('credence-rating/6')
    const ids = new Set(ratingMethodDocument.citations.map((c) => c.id))
    for (const s of ratingMethodDocument.signals) {
      expect(s.rules.length).toBeGreaterThan(0)
      for (const cited of [...s.rules, ...s.findings]) for (const id of cited.citations) expect(ids).toContain(id)
    }
  })

  it('speaks in words: no pattern, no citation id in its sentences, and every citation by author, year and title', () => {
    const sentences = ratingMethodDocument.signals.flatMap((s) => [
      s.description,
      ...s.rules.map((r) => r.text),
      ...s.findings.flatMap((f) => [f.kind, f.covers, f.says]),
    ])
    const ids = ratingMethodDocument.citations.map((c) => c.id)
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(/[\^$|\\]|\[[a-z]/)
      for (const id of ids.filter((i) => i.includes('-'))) expect(sentence).not.toContain(id)
    }
    for (const c of ratingMethodDocument.citations) {
      expect(c.authors.length, c.id).toBeGreaterThan(1)
      expect(c.year, c.id).toBeGreaterThan(1990)
      expect(c.title.length, c.id).toBeGreaterThan(5)
      expect(c.short, c.id).toMatch(new RegExp(`^${c.authors.replace(/[.+]/g, '\\$&')} ${c.year}[a-z]?$`))
    }
    // Two works of one author and year are told apart.
    const short = new Map(ratingMethodDocument.citations.map((c) => [c.id, c.short]))
    expect([short.get('icvcm-2024-renewables'), short.get('icvcm-2024-ccp')]).toEqual(['ICVCM 2024a', 'ICVCM 2024b'])
    expect(new Set(short.values()).size).toBe(short.size)
    // Findings: the three evidence-led signals have a table, a row per kind with the types it takes in.
    const findings = (key: string) => ratingMethodDocument.signals.find((s) => s.key === key)!.findings
    expect(findings('additionality').map((f) => f.kind)).toContain('Avoided deforestation (REDD+)')
    expect(findings('additionality').find((f) => f.kind === 'Avoided deforestation (REDD+)')).toMatchObject({ value: 0.25, citations: ['west-2023'] })
    expect(findings('permanence')).toEqual([])
    // The grades, best first, as gradeFor gives them.
    expect(ratingMethodDocument.grades.map((g) => g.grade)).toEqual(['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D'])
    for (const { grade, min_score } of ratingMethodDocument.grades) expect(gradeFor(min_score)).toBe(grade)
  })
})
