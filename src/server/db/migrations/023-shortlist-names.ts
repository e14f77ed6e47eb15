import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Shortlists kept: who made each one (the credential's fingerprint, so a caller lists their own) and the name its
 * maker gave it, beside the answer, which stays the very bytes it was sent as. Shortlists made before this have no
 * maker recorded: they open by their link as before, and are listed to no one.
 */
export const shortlistNamesMigration: Migration = {
  id: '023-shortlist-names',
  up: async (db) => {
    for (const dataset of datasets) {
      const table = sql.table(`${dataset}.recommendations`)
      await sql`alter table ${table} add column credential text, add column name text`.execute(db)
      await sql`create index recommendations_credential_created_idx on ${table} (credential, created_at desc, id desc)`.execute(db)
    }
  },
}
