import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A recommendation is kept as the JSON text its creation answered with, not as jsonb: nothing queries inside
 * it, parsing 15 KB into jsonb on every brief cost more than the rest of the insert, and a shared link now
 * answers with the very bytes (key order included) the brief's author received.
 */
export const recommendationTextMigration: Migration = {
  id: '007-recommendation-text',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.recommendations`)} alter column body type text using body::text`.execute(db)
    }
  },
}
