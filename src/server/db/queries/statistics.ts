import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'

/** Fresh planner statistics after a bulk load, so the key and filter indexes are used from the first query. */
export async function refreshStatistics(db: Kysely<Database>) {
  await sql`analyze`.execute(db)
}
