import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { isSeeded } from '../../src/server/db/queries/meta'
import { generateDataset } from '../../src/server/seeding/generator'
import { seedDataset } from '../../src/server/seeding/seed'

/**
 * A generated dataset is written a slice at a time, its `seeded` marker last (seeding/seed.ts), so that the other
 * dataset's reads take turns with it. A seed stopped before its marker leaves rows behind: the next start's seed
 * empties them and writes the dataset again, whole and once.
 */
describe('a generated dataset seeded in slices', () => {
  let database: DatabaseHandle
  const data = generateDataset({ projects: 300, seed: 7, now: new Date(Date.UTC(2026, 10, 20)) })
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(`sandbox.${table}`)}`.execute(database.db)).rows[0].n)

  beforeAll(async () => {
    database = await connectDatabase({ dataDir: 'memory://' })
    await migrate(database.db)
  }, 60_000)
  afterAll(() => database?.close())

  it('is written whole again over what a seed stopped before its marker left', async () => {
    await seedDataset(database.db, 'sandbox', data)
    expect(await isSeeded(database.db, 'sandbox')).toBe(true)
    // A seed stopped before its marker: some of its rows written, no marker.
    await sql`delete from sandbox.meta where key = 'seeded'`.execute(database.db)
    await sql`delete from sandbox.coverage`.execute(database.db)
    await sql`delete from sandbox.spot_prices`.execute(database.db)
    expect(await isSeeded(database.db, 'sandbox')).toBe(false)

    await seedDataset(database.db, 'sandbox', data)
    expect(await isSeeded(database.db, 'sandbox')).toBe(true)
    expect(await count('projects')).toBe(data.projects.length)
    expect(await count('quality_signals')).toBe(data.signals.length)
    expect(await count('spot_prices')).toBe(data.prices.length)
    expect(await count('coverage')).toBe(data.coverage.length)
    expect(await count('sources')).toBe(data.sources.length)
  }, 60_000)
})
