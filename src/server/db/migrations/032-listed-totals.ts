import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * What a source's own listing says a project was issued, set aside in its buffer and retired in all, with the as-of
 * date of the data that said it: Isometric's projects export gives them, and seven of its April 2026 sample's fifty
 * disagree with its own records (ISO7BDE: 3,650.846 retired in all, 1,457.275 in the records). Null where the
 * listing gives none; a run of the source's credit files alone leaves them.
 */
export const listedTotalsMigration: Migration = {
  id: '032-listed-totals',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.coverage`)} add column listed_totals jsonb`.execute(db)
    }
  },
}
