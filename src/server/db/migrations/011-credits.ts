import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Credits as the registries record them, one row per issuance, retirement or cancellation, identified across
 * exports so a record imported twice is stored once. `search` holds the beneficiary and the registry's own
 * fields in lower case, for finding what an organisation retired.
 */
export const creditsMigration: Migration = {
  id: '011-credits',
  up: async (db) => {
    for (const dataset of datasets) {
      const credits = sql.table(`${dataset}.credits`)
      await sql`create table ${credits} (
        id text primary key,
        registry text not null,
        project_key text not null,
        kind text not null,
        quantity double precision not null,
        vintage integer,
        date date,
        serial text,
        labels text[] not null default '{}',
        beneficiary text,
        beneficiary_raw jsonb not null default '{}',
        reason text,
        search text not null default '',
        fingerprint text not null,
        source_id text not null,
        file_name text not null,
        row_number integer not null,
        run_id text not null
      )`.execute(db)
      await sql`create index credits_project_idx on ${credits} (upper(project_key), date)`.execute(db)
      await sql`create index credits_date_idx on ${credits} (date)`.execute(db)
    }
  },
}
