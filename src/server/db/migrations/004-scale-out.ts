import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Several API processes on one database: runs carry a lease (who runs them, until when), at most one run per
 * dataset is running, the sandbox quota is a log of hits every process reads, and each dataset's version lives
 * in the database, so every process knows when a run changed the data.
 */
export const scaleOutMigration: Migration = {
  id: '004-scale-out',
  up: async (db) => {
    for (const dataset of datasets) {
      const runs = sql.table(`${dataset}.source_runs`)
      await sql`alter table ${runs} add column lease_owner text, add column lease_expires_at timestamptz`.execute(db)
      // A run left running by the single-process API had no lease: it is interrupted, and the next sweep says so.
      // Should an older crash have left several, all but the latest are failed now so the index below holds.
      await sql`update ${runs} set state = 'failed', finished_at = now(), error_code = 'interrupted',
          error_message = 'The API stopped while this run was in progress; none of its changes were applied. Start it again.'
        where state = 'running' and id <> (select id from ${runs} where state = 'running' order by started_at desc nulls last, id desc limit 1)`.execute(db)
      await sql`create unique index ${sql.id(`source_runs_one_running_${dataset}`)} on ${runs} ((true)) where state = 'running'`.execute(db)
    }
    await sql`create table dataset_versions (dataset text primary key, version bigint not null)`.execute(db)
    await sql`insert into dataset_versions (dataset, version) values ${sql.join(datasets.map((d) => sql`(${d}, 1)`))}`.execute(db)
    await sql`create table rate_limit_hits (credential text not null, at timestamptz not null)`.execute(db)
    await sql`create index rate_limit_hits_credential_at_idx on rate_limit_hits (credential, at)`.execute(db)
  },
}
