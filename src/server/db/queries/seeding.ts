import { sql, type Transaction } from 'kysely'
import type { Database, Dataset } from '../schema'

/**
 * The statements that seed a generated dataset whole (seeding/seed.ts decides what and when): any of its tables,
 * written or copied before anything else reads it. Every later write goes through the table's own file.
 */

/** Empties one of a dataset's seeded tables: what a seed stopped before its marker left behind. */
export async function clearRows(trx: Transaction<Database>, schema: Dataset, table: string) {
  await sql`delete from ${sql.id(schema, table)}`.execute(trx)
}

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
