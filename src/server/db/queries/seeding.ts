import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database, Dataset, NewSource } from '../schema'
import type { ScopedDb } from './scoped'

/** The statements that seed a dataset (data/seed.ts decides what and when). */

/**
 * One statement per chunk with the rows as a single JSON parameter: far below PostgreSQL's 65,535 bound
 * parameters, and on embedded PGlite about a third faster than binding every value.
 */
export async function insertRows(trx: Transaction<Database>, schema: Dataset, table: string, rows: readonly object[]) {
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

/** Copies a table's rows from one dataset's schema into another's. */
export async function copyRows(trx: Transaction<Database>, from: Dataset, to: Dataset, table: string, columnNames: string[]) {
  const columns = sql.join(columnNames.map((c) => sql.id(c)))
  await sql`insert into ${sql.id(to, table)} (${columns}) select ${columns} from ${sql.id(from, table)}`.execute(trx)
}

/** Marks a dataset seeded, with the version of the rating rules its quality signals were computed by. */
export async function markSeeded(trx: Transaction<Database>, schema: Dataset, projects: number, ratedBy: string) {
  await writeMeta(trx, schema, { seeded: String(projects), seeded_at: new Date().toISOString(), rating_version: ratedBy })
}

/** One value of a dataset's `meta` table: `seeded`, `seeded_at`, `rating_version`; null when not set. */
export async function readMeta(db: Kysely<Database>, schema: Dataset, key: string): Promise<string | null> {
  const row = await db.withSchema(schema).selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value ?? null
}

export async function writeMeta(db: Kysely<Database>, schema: Dataset, entries: Record<string, string>) {
  await db
    .withSchema(schema)
    .insertInto('meta')
    .values(Object.entries(entries).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute()
}

export async function isSeeded(db: Kysely<Database>, schema: Dataset): Promise<boolean> {
  return (await readMeta(db, schema, 'seeded')) !== null
}

/** Writes the source catalog into a dataset, leaving sources it already has as they are. */
export async function insertSourceCatalog(db: ScopedDb, sources: readonly NewSource[]) {
  await db.insertInto('sources').values([...sources]).onConflict((oc) => oc.column('id').doNothing()).execute()
}
