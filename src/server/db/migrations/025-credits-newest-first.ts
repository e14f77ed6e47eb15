import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Records read newest first by keyset rather than by offset: the order is the day (undated records after every
 * dated one, as `-infinity`) then the id, a total order, and each index below holds it, so a page after a cursor is
 * one step down an index and a walk along it, at any depth. `credits_project_newest_idx` takes the place of
 * `credits_project_idx` (a project's key, then its days), which it serves as well; `credits_date_idx` stays for
 * filters by day.
 */
export const creditsNewestFirstMigration: Migration = {
  id: '025-credits-newest-first',
  up: async (db) => {
    for (const dataset of datasets) {
      const credits = sql.table(`${dataset}.credits`)
      await sql`create index credits_newest_idx on ${credits} (coalesce(date, '-infinity'::date), id)`.execute(db)
      await sql`create index credits_project_newest_idx on ${credits} (upper(project_key), coalesce(date, '-infinity'::date), id)`.execute(db)
      await sql`drop index ${sql.table(`${dataset}.credits_project_idx`)}`.execute(db)
    }
  },
}
