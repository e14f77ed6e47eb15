import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { knownLabelsOf } from '../../src/server/importers/registry/known-labels'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'

/**
 * A store written before the labels a registry's records carry were kept beside the project's cell of its source:
 * migration 034 fills them from the records it holds, as an import now keeps them, so its projects read them (and
 * the rating, which no longer reads them from the records apart) before their registries' next import.
 */
let database: DatabaseHandle
const records = [
  { id: 'ACR:1', key: 'ACR801', source: 'src_acr', labels: ['ICVCM CCP-Approved', 'Buffer pool'] },
  { id: 'ACR:2', key: 'acr801', source: 'src_acr', labels: ['Eligible: Colombian carbon tax'] },
  { id: 'VCS:1', key: 'VCS4249', source: 'src_verra', labels: ['ICVCM CCP'] },
  { id: 'ART:1', key: 'ART102', source: 'src_art', labels: ['CORSIA – Pilot Phase, 2021-2023 Eligible', 'CORSIA - First Phase, 2024-2026 Scope'] },
  { id: 'CAR:1', key: 'CAR1822', source: 'src_car', labels: ['Buffer pool'] },
]

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  const db = database.db
  await migrate(db, '033-climate-action-goal')
  for (const [registry, source] of [['ACR', 'src_acr'], ['VCS', 'src_verra'], ['ART', 'src_art'], ['CAR', 'src_car']]) {
    await sql`insert into live.sources (id, name, kind, connector, description, registry, cadence_hours)
      values (${source}, ${source}, 'registry', ${source}, ${source}, ${registry}, 168) on conflict (id) do nothing`.execute(db)
  }
  for (const key of ['ACR801', 'VCS4249', 'ART102', 'CAR1822']) {
    await sql`insert into live.projects (id, key, name, registry, status, scope, type, reduction_removal, region, country, updated_at)
      values (${`prj_${key}`}, ${key}, 'A project', ${key.replace(/\d+$/, '')}, 'registered', 'Forestry', 'REDD+', 'reduction', 'Africa', 'Kenya', now())`.execute(db)
  }
  for (const r of records) {
    await sql`insert into live.credits (id, registry, project_key, kind, quantity, labels, beneficiary_raw, search_id, fingerprint, source_id, file_name, row_number, run_id)
      values (${r.id}, ${r.key.slice(0, 3).toUpperCase()}, ${r.key}, 'issuance', 1, ${r.labels}, '{}', '1', 'f', ${r.source}, 'issuances.csv', 1, 'run_1')`.execute(db)
    await sql`insert into live.coverage (project_id, source_id, last_success_at) values (${`prj_${r.key.toUpperCase()}`}, ${r.source}, now()) on conflict do nothing`.execute(db)
  }
  await migrate(db)
}, 60_000)

afterAll(() => database?.close())

describe('a store written before records’ labels were kept beside their cells', () => {
  it('fills each cell with the labels its source’s records of the project carry, as an import keeps them', async () => {
    const rows = await sql<{ project_id: string; labels: string[] | null }>`select project_id, labels from live.coverage order by project_id`.execute(database.db)
    const stored = new Map(rows.rows.map((row) => [row.project_id, row.labels]))
    for (const key of ['ACR801', 'VCS4249', 'ART102', 'CAR1822']) {
      const expected = knownLabelsOf(records.filter((r) => r.key.toUpperCase() === key).flatMap((r) => r.labels)).sort()
      expect(stored.get(`prj_${key}`) ?? [], key).toEqual(expected)
    }
    expect(stored.get('prj_VCS4249')).toEqual(['ICVCM CCP-Approved'])
    // A record's own labels say what it is, not what the project's credits are: none is kept.
    expect(stored.get('prj_CAR1822')).toBeNull()
  })
})
