import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveOlderBeneficiaries } from '../../src/server/beneficiaries/older-stores'
import { beneficiaryRules } from '../../src/server/core/method-versions'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { topBeneficiaries } from '../../src/server/db/queries/credits'
import { scoped } from '../../src/server/db/queries/scoped'
import { readMeta, writeMeta } from '../../src/server/db/queries/meta'
import { datasets } from '../../src/server/db/schema'
import { ensureSeeded } from '../../src/server/seeding/seed'
import { memoryStore } from '../support/memory-store'

/**
 * A store whose records were imported before raw strings were kept (migration 024): its first start after reads
 * each record's fields again, once, and resolves them as an import would.
 */
let database: DatabaseHandle
const records = [
  { id: 'VCS:r:1', raw: { 'Retirement Beneficiary': 'TERPEL S.A  NIT 830.095.213-0' }, quantity: 100 },
  { id: 'VCS:r:2', raw: { 'Retirement Beneficiary': 'Terpel S.A. NIT 830095213-0' }, quantity: 50 },
  { id: 'VCS:r:3', raw: { 'Retirement Beneficiary': 'Anonymously' }, quantity: 10 },
]

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db, '023-shortlist-names')
  for (const record of records) {
    await sql`insert into live.credits (id, registry, project_key, kind, quantity, beneficiary, beneficiary_raw, search_id, fingerprint, source_id, file_name, row_number, run_id)
      values (${record.id}, 'VCS', 'VCS1', 'retirement_or_cancellation', ${record.quantity}, ${record.raw['Retirement Beneficiary']}, ${JSON.stringify(record.raw)}::jsonb,
        0, 'f', 'src_verra', 'transactions.csv', 1, 'run_1')`.execute(database.db)
  }
  await migrate(database.db)
  await writeMeta(database.db, 'live', { seeded: 'test' })
}, 60_000)

afterAll(() => database?.close())

describe('a store read before raw strings were kept', () => {
  it('reads its records again once at start: one company for the two spellings, no one for "Anonymously"', async () => {
    expect(await resolveOlderBeneficiaries(database.db, 'live')).toBe(3)
    const live = scoped(database.db, 'live')
    expect(await topBeneficiaries(live, { limit: 10 })).toEqual([{ name: 'Terpel', quantity: 150, records: 2, projects: 1 }])
    expect(await readMeta(database.db, 'live', 'beneficiary_rules')).toBe(beneficiaryRules)
    expect(await resolveOlderBeneficiaries(database.db, 'live')).toBeNull()
  })
})

describe('a store seeded now', () => {
  const store = memoryStore()
  it('is read by these rules from the start: it holds no record yet, so no start reads it again', async () => {
    await ensureSeeded(store().db, { projects: 20, seed: 3, now: new Date('2026-04-01T00:00:00Z') })
    for (const dataset of datasets) {
      expect(await readMeta(store().db, dataset, 'beneficiary_rules')).toBe(beneficiaryRules)
      expect(await resolveOlderBeneficiaries(store().db, dataset)).toBeNull()
    }
  })
})
