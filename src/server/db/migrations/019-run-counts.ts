import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A run says what it changed of each kind it writes (a registry's export makes projects and records), beside the
 * totals it kept before; and what its progress counts, so records are never called projects. Runs finished
 * before keep their totals alone.
 */
export const runCountsMigration: Migration = {
  id: '019-run-counts',
  up: async (db) => {
    for (const dataset of datasets) {
      const runs = sql.table(`${dataset}.source_runs`)
      await sql`alter table ${runs} add column counts_by_kind jsonb, add column progress_of text[] not null default '{}'`.execute(db)
    }
  },
}
