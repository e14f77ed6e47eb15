import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Berkeley's third block of per-year columns (`1996.2` … `2025.2`) is credits remaining of each vintage, not
 * retired of it: in every row that fills it, it sums exactly to `Total Credits Remaining`, and no vintage's value
 * exceeds what was issued of it. The column keeps the values it always held (the block as the file gives it) under
 * the name of what they are; retired of a vintage is issued less remaining, worked out where it is read.
 */
export const remainingByVintageMigration: Migration = {
  id: '018-remaining-by-vintage',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.credit_years`)} rename column retired_by_vintage to remaining_by_vintage`.execute(db)
    }
  },
}
