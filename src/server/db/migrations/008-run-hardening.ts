import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A run counts how often it was claimed, so one that keeps being lost with its process is failed as poison
 * instead of claimed again; and it keeps the first rows it skipped, with why, as JSON text nothing queries inside.
 */
export const runHardeningMigration: Migration = {
  id: '008-run-hardening',
  up: async (db) => {
    for (const dataset of datasets) {
      const runs = sql.table(`${dataset}.source_runs`)
      await sql`alter table ${runs} add column claims integer not null default 0, add column skipped_rows text`.execute(db)
    }
  },
}
