import type { Kysely, Transaction } from 'kysely'
import type { Database, Dataset } from '../schema'
import type { ScopedDb } from './scoped'

/**
 * The one writer of a dataset's `meta` table: `seeded`, `seeded_at`, `rating_version`, `beneficiary_rules`,
 * `imported_as_of`.
 */

/** One value of a dataset's `meta` table; null when not set. */
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

/** Marks a dataset seeded, with the versions of the rules that read it (its ratings, its beneficiaries). */
export async function markSeeded(trx: Transaction<Database>, schema: Dataset, projects: number, readBy: { rating_version: string; beneficiary_rules: string }) {
  await writeMeta(trx, schema, { seeded: String(projects), seeded_at: new Date().toISOString(), ...readBy })
}

/** The first-start seed records the as-of date of the file it imported, as a run would. */
export async function recordImportedAsOf(db: ScopedDb, asOf: Date) {
  await db
    .insertInto('meta')
    .values({ key: 'imported_as_of', value: asOf.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: asOf.toISOString() }))
    .execute()
}
