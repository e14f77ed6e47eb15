import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A buyer's quotes, imported as a file through the market source: a price per project and vintage, for at most a
 * quantity, from a supplier, until a day. A live quote replaces the reference estimate for its project.
 */
export const priceQuotesMigration: Migration = {
  id: '016-price-quotes',
  up: async (db) => {
    for (const dataset of datasets) {
      const quotes = sql.table(`${dataset}.price_quotes`)
      await sql`create table ${quotes} (
        id text primary key,
        project_id text not null references ${sql.table(`${dataset}.projects`)} (id) on delete cascade,
        vintage integer,
        price_usd double precision not null check (price_usd > 0),
        quantity double precision check (quantity > 0),
        supplier text,
        valid_until date,
        source_id text not null,
        run_id text not null,
        file_name text not null,
        row_number integer not null,
        quoted_at timestamptz not null
      )`.execute(db)
      await sql`create index price_quotes_project_idx on ${quotes} (project_id, price_usd)`.execute(db)
    }
  },
}
