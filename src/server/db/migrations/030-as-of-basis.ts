import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A run keeps where its data's as-of date came from (the request, the file's name, its contents, or the file's own
 * date when none of them said): Berkeley's file uploaded under another name was dated by its upload, and its
 * projects read as fresh, with nothing to say the date was a guess. Runs before it have none.
 */
export const asOfBasisMigration: Migration = {
  id: '030-as-of-basis',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.source_runs`)} add column as_of_basis text`.execute(db)
    }
  },
}
