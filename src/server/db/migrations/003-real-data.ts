import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Real data, told apart from generated data: every project says whether it is synthetic, and Berkeley's four
 * blocks of per-year credit counts are kept per project and year, each series named for its basis.
 */
export const realDataMigration: Migration = {
  id: '003-real-data',
  up: async (db) => {
    for (const dataset of datasets) {
      const projects = sql.table(`${dataset}.projects`)
      await sql`alter table ${projects} add column synthetic boolean not null default false`.execute(db)
      // Until now only the vrod connector brought real projects; everything else a dataset holds was generated.
      await sql`update ${projects} set synthetic = true
        where id not in (select project_id from ${sql.table(`${dataset}.coverage`)} where source_id = 'src_vrod')`.execute(db)
      await sql`create table ${sql.table(`${dataset}.credit_years`)} (
        project_id text not null references ${projects} (id) on delete cascade,
        year integer not null,
        issued_by_vintage bigint not null default 0,
        issued_in_year bigint not null default 0,
        retired_in_year bigint not null default 0,
        retired_by_vintage bigint not null default 0,
        primary key (project_id, year)
      )`.execute(db)
    }
  },
}
