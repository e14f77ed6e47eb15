import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * What a source's own listing says of a project's status, beside when it last updated the project: a registry's
 * projects export is newer than Berkeley's count, and the Climate Action Reserve's "Registered" CAR2251, issuing since
 * February 2026, read as Berkeley's "Listed" (in the pipeline, unpriced). With it, the as-of date of the data that
 * said it: a later run of the source's credit files alone moves the cell's date, not the word's. Cells before it, and
 * sources that list no status, have none.
 */
export const coverageStatusMigration: Migration = {
  id: '031-coverage-status',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.coverage`)} add column status text, add column status_as_of timestamptz`.execute(db)
    }
  },
}
