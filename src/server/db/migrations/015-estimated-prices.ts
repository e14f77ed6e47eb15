import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Real projects were given prices drawn at random around their type's band, stored as if a market had quoted
 * them. They are removed, with the market source's coverage of those projects: a real project is priced by the
 * open reference estimate (computed, never stored) until someone quotes it. A generated catalogue keeps its
 * simulated market, which says it is simulated.
 */
export const estimatedPricesMigration: Migration = {
  id: '015-estimated-prices',
  up: async (db) => {
    for (const dataset of datasets) {
      const real = sql`select id from ${sql.table(`${dataset}.projects`)} where not synthetic`
      await sql`delete from ${sql.table(`${dataset}.spot_prices`)} where source_id = 'src_marketsource' and project_id in (${real})`.execute(db)
      await sql`delete from ${sql.table(`${dataset}.coverage`)} where source_id = 'src_marketsource' and project_id in (${real})`.execute(db)
    }
  },
}
