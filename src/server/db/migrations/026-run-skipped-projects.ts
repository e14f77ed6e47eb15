import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A run keeps the first projects it left out, by key, with why, beside the rows it skipped: "1 project skipped"
 * named none. JSON text nothing queries inside, as `skipped_rows`.
 */
export const runSkippedProjectsMigration: Migration = {
  id: '026-run-skipped-projects',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.source_runs`)} add column skipped_projects text`.execute(db)
    }
  },
}
