import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * The labels a source's records carry that say what a project's credits are (CCP, CORSIA, Article 6), kept beside
 * the project's cell of that source: ART's records of Guyana's credits (ART102) say they are CORSIA eligible, and
 * ACR's say ACR801's are CCP-approved, where Berkeley's file of December 2025 lists no such label. Null where the
 * source's records say none. A store written before is filled from the records it holds, by the labels the
 * vocabulary knew when this was written (`importers/registry/known-labels.ts`; Verra writes "ICVCM CCP"), so its
 * projects read them before their registries' next import, as the rating reads them.
 */
const knownLabels = [
  'ICVCM CCP-Approved',
  'CCB-Gold',
  'CCB-Biodiversity Gold',
  'CCB-Community Gold',
  'CCB-Climate Gold',
  'Social Carbon',
  'CORSIA – Pilot Phase, 2021-2023 Eligible',
  'CORSIA - First Phase, 2024-2026 Scope',
  'Article 6 Authorized – NDC Use',
]

export const coverageLabelsMigration: Migration = {
  id: '034-coverage-labels',
  up: async (db) => {
    for (const dataset of datasets) {
      await sql`alter table ${sql.table(`${dataset}.coverage`)} add column labels text[]`.execute(db)
      await sql`update ${sql.table(`${dataset}.coverage`)} as cell set labels = recorded.labels
        from (
          select project.id as project_id, credit.source_id,
            array_agg(distinct case when label = 'ICVCM CCP' then 'ICVCM CCP-Approved' else label end order by case when label = 'ICVCM CCP' then 'ICVCM CCP-Approved' else label end) as labels
          from ${sql.table(`${dataset}.credits`)} as credit
          cross join lateral unnest(credit.labels) as label
          join ${sql.table(`${dataset}.projects`)} as project on upper(project.key) = upper(credit.project_key)
          where label = 'ICVCM CCP' or label in (${sql.join(knownLabels)})
          group by project.id, credit.source_id
        ) as recorded
        where cell.project_id = recorded.project_id and cell.source_id = recorded.source_id`.execute(db)
    }
  },
}
