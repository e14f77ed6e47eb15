import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * UN SDG 13 (Climate Action) no longer gives a project the `climate_adaptation` co-benefit: the goal is to act on
 * climate change and its impacts, which every credit's reduction or removal claims, and 46 of Gold Standard's 50
 * April 2026 listings give it, wind farms and ship retrofits among them. The co-benefit stays where something else
 * gives it: its type (`Wetland Restoration`, `Sustainable Agriculture`) or the CCB Climate Gold label
 * (`server/core/co-benefits.ts` as it stood when this was written; `api/co-benefits.ts` now).
 */
export const climateActionGoalMigration: Migration = {
  id: '033-climate-action-goal',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`update ${sql.table(`${dataset}.projects`)}
        set co_benefits = array_remove(co_benefits, 'climate_adaptation')
        where 13 = any(sdgs) and 'climate_adaptation' = any(co_benefits)
          and type not in ('Wetland Restoration', 'Sustainable Agriculture')
          and not ('CCB-Climate Gold' = any(labels))`.execute(db)
    }
  },
}
