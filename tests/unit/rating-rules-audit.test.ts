import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectTypes } from '../../src/server/seeding/taxonomy'
import { readVrodProjects, type VrodProject } from '../../src/server/importers/vrod-normalise'
import { kindOf, projectKinds } from '../../src/server/quality/evidence'
import { rateSignals } from '../../src/server/quality/rules'
import { unknownRiskValue } from '../../src/server/quality/unknown-risk'

/**
 * Every rule of the open rating audited against Berkeley's real file: the types each kind's findings reach,
 * listed here by hand, so a rule that starts reaching another type fails until someone reads the evidence
 * for it. (A name pattern once rated a refrigerant leak project on evidence about methane.)
 */
const realFile = process.env.CREDENCE_VROD_FILE ?? resolve('../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')
const present = existsSync(realFile)

const reaches: Record<string, string[]> = {
  Cookstoves: ['Cookstoves'],
  Wind: ['Wind'],
  'Renewable power and heat': ['Biomass', 'Geothermal', 'Hydropower', 'RE Bundled', 'Solar - Centralized'],
  'Jurisdictional REDD+': ['Jurisdictional REDD+'],
  'Avoided deforestation (REDD+)': ['Avoided Forest Conversion', 'REDD+'],
  'Improved forest management': ['Improved Forest Management'],
  'Forest and land restoration': ['Afforestation/Reforestation', 'Sustainable Grassland Management', 'Wetland Restoration'],
  'Landfill gas': ['Landfill Methane'],
  'Ozone-depleting substances destruction': ['Ozone Depleting Substances Recovery & Destruction'],
  'Methane leak repair': ['Leak Detection & Repair in Gas Systems', 'Plugging Oil & Gas Wells'],
  'Adipic acid N2O': ['N2O Destruction in Adipic Acid Production'],
  'HFC-23 destruction': ['HFC23 Destruction'],
  SF6: ['SF6 Replacement'],
}

/** The types carrying the CCP label in the file, whose additionality and over-crediting the CCP floor can lift. */
const ccpTypes = [
  'Afforestation/Reforestation',
  'Improved Forest Management',
  'Landfill Methane',
  'Leak Detection & Repair in Gas Systems',
  'N2O Destruction in Adipic Acid Production',
  'Ozone Depleting Substances Recovery & Destruction',
]

const typesWhere = (projects: readonly VrodProject[], keep: (p: VrodProject) => boolean) => [...new Set(projects.filter(keep).map((p) => p.type))].sort()

describe('each kind of project the evidence speaks about', () => {
  it('takes in each type at most once', () => {
    const listed = projectKinds.flatMap((kind) => kind.types)
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('lists every kind in the audit', () => {
    expect(projectKinds.map((kind) => kind.name).sort()).toEqual(Object.keys(reaches).sort())
  })
})

describe.skipIf(!present)('the rules on Berkeley\'s real file', () => {
  let projects: VrodProject[] = []
  beforeAll(async () => {
    projects = (await readVrodProjects(realFile, new Date('2026-01-01T00:00:00Z'))).projects
  }, 120_000)

  it('reach exactly the types the audit lists, kind by kind', () => {
    for (const kind of projectKinds) expect(typesWhere(projects, (p) => kindOf(p.type) === kind), kind.name).toEqual(reaches[kind.name])
  })

  it('name only types the real file or the generated catalogue spells, so no rule waits on a spelling nobody uses', () => {
    const spelled = new Set([...projects.map((p) => p.type), ...projectTypes.map((t) => t.name)])
    for (const type of projectKinds.flatMap((kind) => kind.types)) expect(spelled.has(type), type).toBe(true)
  })

  it('rate no refrigerant project on evidence about methane', () => {
    const refrigerants = projects.filter((p) => /refrigerant/i.test(p.type))
    expect(refrigerants.length).toBeGreaterThan(0)
    for (const p of refrigerants) expect(kindOf(p.type), p.type).toBeUndefined()
  })

  it('lift additionality and over-crediting by the CCP label only on the types that carry it', () => {
    expect(typesWhere(projects, (p) => p.labels.includes('ICVCM CCP-Approved'))).toEqual(ccpTypes)
  })

  it('rate leakage 0.90 by scope only outside forestry, land use and agriculture', () => {
    const byScope = projects.filter((p) => !kindOf(p.type)?.leakage)
    const scopes = new Set(byScope.filter((p) => rateSignals(p, 2025).some((s) => s.key === 'leakage')).map((p) => p.scope))
    expect([...scopes].sort()).not.toContain('Forestry & Land Use')
    expect([...scopes]).not.toContain('Agriculture')
  })

  it('never rate a signal below what a missing one counts as', () => {
    for (const p of projects) for (const s of rateSignals(p, 2025)) expect(s.value, `${p.key} ${s.key}`).toBeGreaterThanOrEqual(unknownRiskValue[s.key])
  })
})
