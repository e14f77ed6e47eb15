import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A project's type is stored in one spelling per catalogue ("Solar - Centralized", never also "Solar -
 * centralized"), so a filter or a facet counts it once; the source's own spelling is kept beside it when it
 * differs.
 */
export const typeAsPublishedMigration: Migration = {
  id: '010-type-as-published',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.projects`)} add column if not exists type_as_published text`.execute(db)
    }
  },
}
