import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'

/**
 * A store written before registry records were checked: a record dated 9999-12-31 dated its run, the coverage it
 * wrote and the catalogue's as-of. Migration 021 brings each back to when it was written.
 */
let database: DatabaseHandle
const finished = '2026-04-20T10:00:00.000Z'

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db, '020-serial-ranges')
  const db = database.db
  await sql`insert into live.sources (id, name, kind, connector, description, registry, cadence_hours)
    values ('src_verra', 'Verra Registry', 'registry', 'verra', 'Verra', 'VCS', 168) on conflict (id) do nothing`.execute(db)
  await sql`insert into live.source_runs (id, source_id, connector, state, simulated, created_at, started_at, finished_at, credential, as_of)
    values ('run_future', 'src_verra', 'verra', 'succeeded', false, ${finished}, ${finished}, ${finished}, 'test', '9999-12-31T00:00:00Z'),
           ('run_past', 'src_verra', 'verra', 'succeeded', false, ${finished}, ${finished}, ${finished}, 'test', '2026-04-13T00:00:00Z')`.execute(db)
  await sql`insert into live.projects (id, key, name, registry, status, scope, type, reduction_removal, region, country, updated_at)
    values ('prj_1', 'VCS1', 'A project', 'VCS', 'registered', 'Forestry', 'REDD+', 'reduction', 'Africa', 'Kenya', now())`.execute(db)
  await sql`insert into live.coverage (project_id, source_id, last_success_at) values ('prj_1', 'src_verra', '9999-12-31T00:00:00Z')`.execute(db)
  await sql`insert into live.meta (key, value) values ('imported_as_of', '9999-12-31T00:00:00.000Z')
    on conflict (key) do update set value = excluded.value`.execute(db)
  await migrate(db)
}, 60_000)

afterAll(() => database?.close())

describe('dates from the future, stored before records were checked', () => {
  it("are brought back to when they were written: a run's as-of, coverage and the catalogue's as-of", async () => {
    const db = database.db
    const runs = await sql<{ id: string; as_of: Date }>`select id, as_of from live.source_runs order by id`.execute(db)
    expect(runs.rows.map((r) => [r.id, new Date(r.as_of).toISOString()])).toEqual([
      ['run_future', finished],
      ['run_past', '2026-04-13T00:00:00.000Z'],
    ])
    const now = Date.now() + 60_000
    const coverage = await sql<{ last_success_at: Date }>`select last_success_at from live.coverage`.execute(db)
    expect(new Date(coverage.rows[0].last_success_at).getTime()).toBeLessThanOrEqual(now)
    const meta = await sql<{ value: string }>`select value from live.meta where key = 'imported_as_of'`.execute(db)
    expect(Date.parse(meta.rows[0].value)).toBeLessThanOrEqual(now)
  })
})
