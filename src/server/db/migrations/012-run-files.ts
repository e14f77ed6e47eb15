import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A run may import several uploaded files (a registry's export is several): each run keeps the list, in the
 * order given, beside `file_id`, which stays the first so a reader of one file finds it where it was.
 */
export const runFilesMigration: Migration = {
  id: '012-run-files',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.source_runs`)} add column files jsonb not null default '[]'`.execute(db)
      await sql`update ${sql.table(`${dataset}.source_runs`)} set files = jsonb_build_array(jsonb_build_object('id', file_id, 'name', coalesce(file_name, ''))) where file_id is not null`.execute(db)
    }
  },
}
