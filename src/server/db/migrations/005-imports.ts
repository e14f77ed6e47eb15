import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Imports of files as analysts get them: uploaded bytes kept in the database (so every API process sees them),
 * per dataset (a sandbox upload stays in the sandbox); a run names the file it imports and the as-of date of
 * its data.
 */
export const importsMigration: Migration = {
  id: '005-imports',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`create table ${sql.table(`${dataset}.files`)} (
        id text primary key,
        name text not null,
        bytes integer not null,
        sha256 text not null,
        content bytea not null,
        credential text not null,
        created_at timestamptz not null
      )`.execute(db)
      const runs = sql.table(`${dataset}.source_runs`)
      await sql`alter table ${runs} add column file_id text references ${sql.table(`${dataset}.files`)} (id)`.execute(db)
      await sql`alter table ${runs} add column file_name text`.execute(db)
      await sql`alter table ${runs} add column as_of timestamptz`.execute(db)
      await sql`alter table ${runs} add column requested_as_of text`.execute(db)
    }
  },
}
