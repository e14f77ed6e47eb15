import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A project's id in California's or Washington's compliance offset programme, as Berkeley's file gives it
 * (`ARB / WA ID`): 14 of its ids name two listings, one project that moved from one registry to another (ACR746 and
 * CAR2057 are both the mine-methane project CAMM5746). Null until Berkeley's file is imported again.
 */
export const complianceIdsMigration: Migration = {
  id: '036-compliance-ids',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.projects`)} add column compliance_id text`.execute(db)
      await sql`create index projects_compliance_id_idx on ${sql.table(`${dataset}.projects`)} (compliance_id) where compliance_id is not null`.execute(db)
    }
  },
}
