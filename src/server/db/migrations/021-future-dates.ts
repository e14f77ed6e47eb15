import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Before registry records were checked, one dated 9999-12-31 could date its run, the coverage it wrote and the
 * catalogue's as-of, so a source read "healthy, 0 hours old" for ever. Imports now refuse such dates and never date
 * data after the day they run; what was stored before is brought back to when it was written, so nothing already
 * stored still claims a future.
 */
export const futureDatesMigration: Migration = {
  id: '021-future-dates',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`update ${sql.table(`${dataset}.source_runs`)} set as_of = coalesce(finished_at, created_at)
        where as_of > coalesce(finished_at, created_at)`.execute(db)
      await sql`update ${sql.table(`${dataset}.coverage`)} set last_success_at = now() where last_success_at > now()`.execute(db)
      await sql`update ${sql.table(`${dataset}.meta`)}
        set value = to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        where key = 'imported_as_of' and value::timestamptz > now()`.execute(db)
    }
  },
}
