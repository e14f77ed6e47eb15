import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * The labels a source's records carry that say what a project's credits are (CCP, CORSIA, Article 6), kept beside
 * the project's cell of that source: ART's records of Guyana's credits (ART102) say they are CORSIA eligible, and
 * ACR's say ACR801's are CCP-approved, where Berkeley's file of December 2025 lists no such label. Null where the
 * source's records say none; a store written before fills them at its registries' next import.
 */
export const coverageLabelsMigration: Migration = {
  id: '034-coverage-labels',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.coverage`)} add column labels text[]`.execute(db)
    }
  },
}
