import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Finding what an organisation retired is a search for text inside `search` ("microsoft" in "retired on behalf of
 * microsoft corporation | …"): a B-tree cannot help with a match in the middle, so at a million records every
 * search read them all. A trigram index answers `like '%microsoft%'` from the records that hold those letters.
 */
export const creditSearchIndexMigration: Migration = {
  id: '014-credit-search-index',
  up: async (db) => {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    for (const dataset of datasets) {
      await sql`create index credits_search_trgm_idx on ${sql.table(`${dataset}.credits`)} using gin (search public.gin_trgm_ops)`.execute(db)
    }
  },
}
