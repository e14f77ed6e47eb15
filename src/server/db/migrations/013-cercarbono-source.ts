import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Cercarbono's registry joins the catalogue. A dataset seeded before it gains its source here, as the catalogue
 * wrote it that day; an empty dataset gains it with the rest of the catalogue when it is seeded.
 */
export const cercarbonoSourceMigration: Migration = {
  id: '013-cercarbono-source',
  up: async (db) => {
    for (const dataset of datasets) {
      const sources = sql.table(`${dataset}.sources`)
      await sql`
        insert into ${sources} (id, name, kind, connector, description, registry, cadence_hours)
        select 'src_cercarbono', 'Cercarbono Registry', 'registry', 'cercarbono',
          'Projects, issuances and retirements under Cercarbono''s standard, mostly in Latin America, from its public registry on EcoRegistry.',
          'CCB', 24
        where exists (select 1 from ${sources})
        on conflict (id) do nothing`.execute(db)
    }
  },
}
