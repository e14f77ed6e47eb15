import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveCoBenefits } from '../../src/api/co-benefits'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'

/**
 * A store written while UN SDG 13 (Climate Action) gave `climate_adaptation`: Gold Standard's wind farms read as
 * adapting to climate change. Migration 033 leaves the co-benefit where the project's type or the CCB Climate Gold
 * label gives it, as the rule now derives it.
 */
let database: DatabaseHandle
const projects = [
  { id: 'prj_wind', type: 'Wind', labels: [], sdgs: [7, 13] },
  { id: 'prj_wetland', type: 'Wetland Restoration', labels: [], sdgs: [13, 14] },
  { id: 'prj_ccb', type: 'REDD+', labels: ['CCB-Climate Gold'], sdgs: [13, 15] },
  { id: 'prj_quiet', type: 'Cookstoves', labels: [], sdgs: [3] },
]
// What the rule gave before: the type's, the labels', each goal and, for 13, adaptation.
const before = (p: (typeof projects)[number]) => [...new Set([...deriveCoBenefits(p), ...(p.sdgs.includes(13) ? ['climate_adaptation'] : [])])].sort()

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db, '032-listed-totals')
  for (const [i, p] of projects.entries()) {
    await sql`insert into live.projects (id, key, name, registry, status, scope, type, reduction_removal, region, country, updated_at, labels, sdgs, co_benefits)
      values (${p.id}, ${`GS${i + 1}`}, 'A project', 'GS', 'registered', 'Renewable Energy', ${p.type}, 'reduction', 'Africa', 'Kenya', now(), ${p.labels}, ${p.sdgs}, ${before(p)})`.execute(database.db)
  }
  await migrate(database.db)
}, 60_000)

afterAll(() => database?.close())

describe('a store written while SDG 13 gave climate adaptation', () => {
  it("keeps the co-benefit only where the type or the CCB Climate Gold label gives it, as the rule derives it now", async () => {
    expect(before(projects[0])).toContain('climate_adaptation')
    const rows = await sql<{ id: string; co_benefits: string[] }>`select id, co_benefits from live.projects order by id`.execute(database.db)
    const stored = new Map(rows.rows.map((r) => [r.id, [...r.co_benefits].sort()]))
    for (const p of projects) expect(stored.get(p.id), p.id).toEqual(deriveCoBenefits(p))
    expect(stored.get('prj_wind')).toEqual(['energy_access', 'sdg_13', 'sdg_7'])
    expect(stored.get('prj_wetland')).toContain('climate_adaptation')
    expect(stored.get('prj_ccb')).toContain('climate_adaptation')
  })
})
