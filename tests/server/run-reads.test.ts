import { describe, expect, it } from 'vitest'
import { holdsGenerated, projectFactsByKey, projectsNamed, regionsByCountry } from '../../src/server/db/queries/run-reads'
import { scoped } from '../../src/server/db/queries/scoped'
import type { NewProject } from '../../src/server/db/schema'
import { generateDataset } from '../../src/server/seeding/generator'
import { memoryStore } from '../support/memory-store'

/**
 * What a registry run looks up in the store before it writes: only the projects its files name, and each country's
 * region grouped in the store, rather than every project's facts. Each is checked against the plain computation
 * over every project's facts, which is what a run read before.
 */
const store = memoryStore()

/** A generated project, given the key, country, region and origin each case needs. */
const base = generateDataset({ projects: 1, seed: 1, now: new Date('2026-04-01T00:00:00Z') }).projects[0]
const project = (key: string, country: string, region: string, synthetic = false): NewProject => ({ ...base, id: `prj_${key}`, key, country, region, synthetic })

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
        // Keys that differ only in case, stored before the keys they follow in key order: a lookup by upper-cased
        // key takes the last in key order, not the first stored.
        project('ab1', 'France', 'Europe'),
        project('vcs2', 'Peru', 'Andes'),
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
    const facts = await projectFactsByKey(db)
    expect(await regionsByCountry(db)).toEqual(plainRegions(facts))
    expect([...(await regionsByCountry(db)).keys()]).toEqual([...plainRegions(facts).keys()])

    // More names than one statement takes, with names held in the second statement's share too.
    const asked = ['VCS9', 'GS21', 'AB1', 'NOT-HELD', ...Array.from({ length: 1_500 }, (_, i) => `X${i}`), 'VCS2', 'CAR7']
    const plainIds = new Map(facts.map((p) => [p.key.toUpperCase(), p.id]))
    const named = await projectsNamed(db, asked)
    expect(new Map([...named].map(([key, { id }]) => [key, id]))).toEqual(new Map(asked.flatMap((key) => (plainIds.has(key) ? [[key, plainIds.get(key)!]] : []))))
    expect(Object.fromEntries(named)).toEqual({
      VCS9: { id: 'prj_VCS9', synthetic: false },
      GS21: { id: 'prj_GS21', synthetic: false },
      AB1: { id: 'prj_ab1', synthetic: false },
      VCS2: { id: 'prj_vcs2', synthetic: false },
      CAR7: { id: 'prj_CAR7', synthetic: false },
    })
    expect(await holdsGenerated(db)).toBe(false)
  })

  it('says a catalogue holding a generated project is generated, and leaves its projects out of the regions', async () => {
    const db = scoped(store().db, 'sandbox')
    await db.insertInto('projects').values([project('SYN1', 'Chile', 'Latin America and the Caribbean', true), project('VCS5', 'India', 'Asia')]).execute()
    expect(await holdsGenerated(db)).toBe(true)
    expect(await regionsByCountry(db)).toEqual(new Map([['india', 'Asia']]))
    expect(await projectsNamed(db, ['SYN1'])).toEqual(new Map([['SYN1', { id: 'prj_SYN1', synthetic: true }]]))
  })
})
