import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * What is left of a deleted shortlist: its id and when it went, so its link says it was deleted (410) rather than
 * that no such shortlist was ever made. Nothing else of it is kept.
 */
export const deletedShortlistsMigration: Migration = {
  id: '029-deleted-shortlists',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`create table if not exists ${sql.table(`${dataset}.deleted_recommendations`)} (id text primary key, deleted_at timestamptz not null)`.execute(db)
    }
  },
}
