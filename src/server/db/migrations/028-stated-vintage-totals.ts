import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * What a registry's row states an issuance of the vintage came to, where it states it (Verra's `Total Vintage
 * Quantity`): a block re-recorded after Berkeley's count, under a new day and new serial numbers, belongs to an
 * issuance the count holds when that figure is the count's own for the vintage (`heldByCount`,
 * db/queries/credits.ts). Records stored before it have none, and are read as before until imported again.
 */
export const statedVintageTotalsMigration: Migration = {
  id: '028-stated-vintage-totals',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.credits`)} add column if not exists stated_vintage_total double precision`.execute(db)
    }
  },
}
