import { describe, expect, it } from 'vitest'
import { holdsGenerated, projectFactsByKey, projectsNamed, regionsByCountry } from '../../src/server/db/queries/run-reads'
import { scoped } from '../../src/server/db/queries/scoped'
import type { NewProject } from '../../src/server/db/schema'
import { memoryStore } from '../support/memory-store'

/**
 * What a registry run looks up in the store before it writes: only the projects its files name, and each country's
 * region grouped in the store, rather than every project's facts. Each is checked against the plain computation
 * over every project's facts, which is what a run read before.
 */
const store = memoryStore()

const project = (key: string, country: string, region: string, synthetic = false): NewProject => ({
  id: `prj_${key.toLowerCase()}`,
  key,
  name: `Project ${key}`,
  registry: 'VCS',
  status: 'registered',
  scope: 'Forestry & Land Use',
  type: 'REDD+',
  reduction_removal: 'reduction',
  region,
  country,
  state: null,
  methodology: null,
  developer: null,
  website: null,
  vintage: null,
  issued: 0,
  retired: 0,
  remaining: 0,
  buffer: 0,
  labels: [],
  co_benefits: [],
  sdgs: [],
  listed_at: null,
  registered_at: null,
  quality_score: null,
  quality_grade: null,
  updated_at: new Date('2026-04-01T00:00:00Z'),
  synthetic,
})

/** The regions by country as a run computed them from every project's facts, in key order. */
const plainRegions = (facts: Awaited<ReturnType<typeof projectFactsByKey>>) =>
  new Map(facts.filter((p) => !p.synthetic && p.region !== 'Unknown').map((p) => [p.country.toLowerCase(), p.region]))

describe('the projects a registry run looks up', () => {
  it('finds the projects named by upper-cased key, and each country a region as the last project in key order files it', async () => {
    const db = scoped(store().db, 'live')
    // Countries spelled in two cases, projects of one country filed under two regions, an unknown region, keys
    // out of order, and more names than one statement takes.
    await db
      .insertInto('projects')
      .values([
        project('VCS9', 'Brazil', 'Latin America and the Caribbean'),
        project('VCS10', 'brazil', 'South America'),
        project('GS3', 'Kenya', 'Africa'),
        project('GS21', 'Kenya', 'Unknown'),
        project('ACR1', 'Peru', 'Latin America and the Caribbean'),
        project('VCS2', 'Peru', 'Andes'),
        project('CAR7', 'United States', 'North America'),
        project('Ab1', 'France', 'Europe'),
      ])
      .execute()
    expect(await regionsByCountry(db)).toEqual(plainRegions(await projectFactsByKey(db)))
    expect([...(await regionsByCountry(db)).keys()]).toEqual([...plainRegions(await projectFactsByKey(db)).keys()])

    const asked = ['VCS9', 'GS21', 'AB1', 'NOT-HELD', ...Array.from({ length: 1_500 }, (_, i) => `X${i}`)]
    const named = await projectsNamed(db, asked)
    expect(Object.fromEntries(named)).toEqual({
      VCS9: { id: 'prj_vcs9', synthetic: false },
      GS21: { id: 'prj_gs21', synthetic: false },
      AB1: { id: 'prj_ab1', synthetic: false },
    })
    expect(await holdsGenerated(db)).toBe(false)
  })

  it('says a catalogue holding a generated project is generated, and leaves its projects out of the regions', async () => {
    const db = scoped(store().db, 'sandbox')
    await db.insertInto('projects').values([project('SYN1', 'Chile', 'Latin America and the Caribbean', true), project('VCS5', 'India', 'Asia')]).execute()
    expect(await holdsGenerated(db)).toBe(true)
    expect(await regionsByCountry(db)).toEqual(new Map([['india', 'Asia']]))
    expect(await projectsNamed(db, ['SYN1'])).toEqual(new Map([['SYN1', { id: 'prj_syn1', synthetic: true }]]))
  })
})
