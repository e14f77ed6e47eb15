import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

// The catalogue entry as this migration wrote it; a start describes the rating source as the running version does.
const ratingSourceName = 'Credence open rating (credence-rating/2)'
const ratingSourceDescription =
  "Quality signals (additionality, over-crediting, leakage, permanence, MRV and more) computed by documented rules from each project's public facts and published evidence (GET /api/rating-method); generated projects are rated by the same rules on their generated facts. Not an independent rater."

/**
 * The open rating: each quality signal keeps the facts it was computed from and the published evidence it
 * cites, so a buyer can check it line by line. Signals rated before it have neither, and say so by being empty
 * until the next rating replaces them.
 */
export const openRatingMigration: Migration = {
  id: '006-open-rating',
  up: async (db) => {
    for (const dataset of datasets) {
      const signals = sql.table(`${dataset}.quality_signals`)
      await sql`alter table ${signals} add column facts jsonb not null default '[]'::jsonb`.execute(db)
      await sql`alter table ${signals} add column citations text[] not null default '{}'`.execute(db)
      // The ratings source is no longer a simulated model; its catalogue entry says what it is now.
      await sql`update ${sql.table(`${dataset}.sources`)} set name = ${ratingSourceName}, description = ${ratingSourceDescription}
        where id = 'src_ratings'`.execute(db)
    }
  },
}
