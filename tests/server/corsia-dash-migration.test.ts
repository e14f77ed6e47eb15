import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelNames } from '../../src/api/contract/vocabulary'
import { labelsOf } from '../../src/server/importers/vrod-normalise'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'

/**
 * A store written while the vocabulary spelled CORSIA's first phase with a hyphen and its pilot phase with an en dash:
 * migration 037 gives both the en dash wherever a project's labels are kept, and in the labels signal that names them,
 * so the label filter lists each phase once; a record's own labels stay as its registry wrote them.
 */
let database: DatabaseHandle
const hyphenFirst = 'CORSIA - First Phase, 2024-2026 Scope'
const hyphenPilotScope = 'CORSIA - Pilot Phase, 2021-2023 Scope'
const evidence = `${hyphenFirst}; CORSIA – Pilot Phase, 2021-2023 Eligible`

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  const db = database.db
  await migrate(db, '036-compliance-ids')
  await sql`insert into live.sources (id, name, kind, connector, description, registry, cadence_hours)
    values ('src_art', 'ART', 'registry', 'src_art', 'ART', 'ART', 168)`.execute(db)
  for (const [key, labels] of [
    ['ART102', [hyphenFirst, 'CORSIA – Pilot Phase, 2021-2023 Eligible', hyphenPilotScope, 'Social Carbon']],
    ['VCS934', ['CCB-Gold']],
  ] as const) {
    await sql`insert into live.projects (id, key, name, registry, status, scope, type, reduction_removal, region, country, labels, updated_at)
      values (${`prj_${key}`}, ${key}, 'A project', ${key.slice(0, 3)}, 'registered', 'Forestry', 'REDD+', 'reduction', 'Africa', 'Kenya', ${[...labels]}, now())`.execute(db)
    await sql`insert into live.coverage (project_id, source_id, last_success_at, labels) values (${`prj_${key}`}, 'src_art', now(), ${[...labels]})`.execute(db)
  }
  await sql`insert into live.quality_signals (project_id, signal, value, source, as_of, evidence, facts)
    values ('prj_ART102', 'labels', 0.7, 'src_ratings', now(), ${evidence}, ${JSON.stringify([{ name: 'CCP or CORSIA labels', value: evidence }])}::jsonb)`.execute(db)
  await sql`insert into live.credits (id, registry, project_key, kind, quantity, labels, beneficiary_raw, search_id, fingerprint, source_id, file_name, row_number, run_id)
    values ('ART:1', 'ART', 'ART102', 'issuance', 1, ${[hyphenFirst]}, '{}', '1', 'f', 'src_art', 'issuances.csv', 1, 'run_1')`.execute(db)
  await migrate(db)
}, 60_000)

afterAll(() => database?.close())

describe('a store written with the first phase of CORSIA spelled with a hyphen', () => {
  const spelled = ['CORSIA – First Phase, 2024-2026 Scope', 'CORSIA – Pilot Phase, 2021-2023 Eligible', 'CORSIA – Pilot Phase, 2021-2023 Scope', 'Social Carbon']

  it("spells every CORSIA label of a project and of its cells with the en dash, in the order they had", async () => {
    expect(labelNames.corsiaFirst).toBe(spelled[0])
    for (const table of ['projects', 'coverage']) {
      const rows = await sql<{ project_id: string; labels: string[] }>`select ${sql.ref(table === 'projects' ? 'id' : 'project_id')} as project_id, labels from ${sql.table(`live.${table}`)} order by 1`.execute(database.db)
      expect(rows.rows.map((row) => row.labels), table).toEqual([spelled, ['CCB-Gold']])
    }
  })

  it('names them so in the labels signal, which a re-rate compares with what the rules say now', async () => {
    const [signal] = (await sql<{ evidence: string; facts: { value: string }[] }>`select evidence, facts from live.quality_signals`.execute(database.db)).rows
    expect(signal.evidence).toBe(`${spelled[0]}; ${spelled[1]}`)
    expect(signal.facts[0].value).toBe(`${spelled[0]}; ${spelled[1]}`)
  })

  it("keeps a record's own labels as its registry wrote them", async () => {
    const [record] = (await sql<{ labels: string[] }>`select labels from live.credits`.execute(database.db)).rows
    expect(record.labels).toEqual([hyphenFirst])
  })

  it('reads a file written with either dash as the vocabulary spells it', () => {
    expect(labelsOf(`${hyphenFirst}, Social Carbon; CORSIA — Pilot Phase, 2021-2023 Scope`)).toEqual([spelled[0], 'Social Carbon', spelled[2]])
  })
})
