import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * The UN SDGs a registry's own listing gives a project (ACR's `Sustainable Development Goal(s)`, the Reserve's
 * `SDG Impact`, Gold Standard's goals), kept per source beside its cell as its labels are. Berkeley's file gives
 * none for most of ACR's and the Reserve's projects, whose listings give them (ACR586 five, CAR1513 nine); a project
 * reads its own and every listing's, each once. Null until a registry's projects export is imported again.
 */
export const listedSdgsMigration: Migration = {
  id: '038-listed-sdgs',
  up: async (db) => {
    for (const dataset of datasets) await sql`alter table ${sql.table(`${dataset}.coverage`)} add column sdgs integer[]`.execute(db)
  },
}
