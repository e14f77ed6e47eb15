import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'

/**
 * Fresh planner statistics after a bulk load, so the key and filter indexes are used from the first query. The
 * database's lookups are by key or id (lists, facets and ranking read the in-memory catalogue), so a small sample
 * per table serves as well as the default one and keeps a first start on the embedded database a second shorter.
 */
export async function refreshStatistics(db: Kysely<Database>) {
  await db.transaction().execute(async (trx) => {
    await sql`set local default_statistics_target = 10`.execute(trx)
    await sql`analyze`.execute(trx)
  })
}
