import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Filters by day read the newest-first index (`credits_newest_idx`, the day with undated records as `-infinity`),
 * so the day's own index goes: a registry's first import of a million records built it in about a second of the
 * store's one thread, and it held a million entries no query read.
 */
export const creditsByDayMigration: Migration = {
  id: '027-credits-by-day',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`drop index if exists ${sql.table(`${dataset}.credits_date_idx`)}`.execute(db)
    }
  },
}
