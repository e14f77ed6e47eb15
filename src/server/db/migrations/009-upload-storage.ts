import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Uploads are streamed to storage as they arrive rather than held whole and written as one value: on the
 * embedded store to files in the data folder, on PostgreSQL to chunks of a table every process can read. A
 * file's row keeps its description; its `content` column stays for uploads stored before. Sandbox uploads are
 * held by the process that received them and never written here, so a run no longer needs its file's row.
 */
export const uploadStorageMigration: Migration = {
  id: '009-upload-storage',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.files`)} alter column content drop not null`.execute(db)
      await sql`alter table ${sql.table(`${dataset}.source_runs`)} drop constraint if exists source_runs_file_id_fkey`.execute(db)
      await sql`create table ${sql.table(`${dataset}.file_chunks`)} (
        file_id text not null,
        seq integer not null,
        content bytea not null,
        created_at timestamptz not null default now(),
        primary key (file_id, seq)
      )`.execute(db)
    }
  },
}
