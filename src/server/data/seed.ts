import { sql, type Kysely, type Transaction } from 'kysely'
import { datasets, type Database, type Dataset } from '../db/schema'
import { generateDataset, type GeneratedDataset, type GeneratorOptions } from './generator'
import { seedLiveFromVrod } from './seed-vrod'

/** What the live dataset is seeded with on first start. */
export type LiveSeed = { kind: 'synthetic' } | { kind: 'vrod'; file: string }

const rowsPerInsert = 1000

/** Tables in insertion order: projects before the rows that reference them, sources before prices and coverage. */
const tables = ['sources', 'projects', 'quality_signals', 'spot_prices', 'coverage'] as const
type SeededTable = (typeof tables)[number]

function rowsOf(data: GeneratedDataset): Record<SeededTable, readonly object[]> {
  return { sources: data.sources, projects: data.projects, quality_signals: data.signals, spot_prices: data.prices, coverage: data.coverage }
}

/**
 * Writes a generated dataset into one schema in a single transaction, with the `seeded` marker, so a crash
 * half-way leaves nothing behind and the next start seeds again.
 */
export async function seedDataset(db: Kysely<Database>, schema: Dataset, data: GeneratedDataset): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await skipReferenceChecks(trx)
    const rows = rowsOf(data)
    for (const table of tables) {
      const all = rows[table]
      for (let start = 0; start < all.length; start += rowsPerInsert) await insertRows(trx, schema, table, all.slice(start, start + rowsPerInsert))
    }
    await markSeeded(trx, schema, data.projects.length)
  })
}

/**
 * One statement per chunk with the rows as a single JSON parameter: far below PostgreSQL's 65,535 bound
 * parameters, and on embedded PGlite about a third faster than binding every value.
 */
async function insertRows(trx: Transaction<Database>, schema: Dataset, table: SeededTable, rows: readonly object[]) {
  if (rows.length === 0) return
  const columns = sql.join(Object.keys(rows[0]).map((c) => sql.id(c)))
  await sql`insert into ${sql.id(schema, table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.id(schema, table)}, ${JSON.stringify(rows)}::json)`.execute(trx)
}

/**
 * Foreign-key triggers take more than half the seeding time on PGlite. The generated rows reference each other
 * by construction (the generator's tests check it), so where the role may (a superuser, as in PGlite) the
 * transaction skips them; primary keys and unique constraints are still enforced.
 */
export async function skipReferenceChecks(trx: Transaction<Database>) {
  const { rows } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(trx)
  if (rows[0]?.superuser === 'on') await sql`set local session_replication_role = replica`.execute(trx)
}

/** Copies a freshly seeded schema into another: far quicker than inserting the same rows a second time. */
async function copyDataset(db: Kysely<Database>, from: Dataset, to: Dataset, data: GeneratedDataset): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await skipReferenceChecks(trx)
    const rows = rowsOf(data)
    for (const table of tables) {
      if (rows[table].length === 0) continue
      const columns = sql.join(Object.keys(rows[table][0]).map((c) => sql.id(c)))
      await sql`insert into ${sql.id(to, table)} (${columns}) select ${columns} from ${sql.id(from, table)}`.execute(trx)
    }
    await markSeeded(trx, to, data.projects.length)
  })
}

export async function markSeeded(trx: Transaction<Database>, schema: Dataset, projects: number) {
  await trx
    .withSchema(schema)
    .insertInto('meta')
    .values([
      { key: 'seeded', value: String(projects) },
      { key: 'seeded_at', value: new Date().toISOString() },
    ])
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute()
}

async function isSeeded(db: Kysely<Database>, schema: Dataset): Promise<boolean> {
  const row = await db.withSchema(schema).selectFrom('meta').select('value').where('key', '=', 'seeded').executeTakeFirst()
  return row !== undefined
}

/**
 * Seeds each dataset (`live`, `sandbox`) that has not been seeded yet, from one generated dataset, so the
 * sandbox starts as the same fixed data. A restart finds the markers and generates nothing. Returns whether
 * anything was seeded.
 */
export async function ensureSeeded(
  db: Kysely<Database>,
  options: GeneratorOptions,
  liveFrom: LiveSeed = { kind: 'synthetic' },
  log: (message: string) => void = () => {},
): Promise<boolean> {
  let pending: Dataset[] = []
  for (const schema of datasets) if (!(await isSeeded(db, schema))) pending.push(schema)
  if (pending.length === 0) return false
  if (liveFrom.kind === 'vrod' && pending.includes('live')) {
    // The live catalogue is Berkeley's real projects and nothing generated; the sandbox stays generated.
    await seedLiveFromVrod(db, liveFrom.file, options.seed, log)
    pending = pending.filter((d) => d !== 'live')
    if (pending.length === 0) return true
  }

  const data = generateDataset(options)
  const [first, ...rest] = pending
  await seedDataset(db, first, data)
  // Only a schema seeded in this same call is known to hold exactly `data`; copying from it is safe.
  for (const schema of rest) await copyDataset(db, first, schema, data)
  return true
}
