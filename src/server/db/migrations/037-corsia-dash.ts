import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * The CORSIA labels with one dash: Berkeley's file writes "CORSIA – Pilot Phase, 2021-2023 Eligible" with an en dash
 * and "CORSIA - First Phase, 2024-2026 Scope" with a hyphen, and the vocabulary kept both, so the Projects page's
 * label filter and a project's labels read the two phases in two spellings. A project's labels, the labels its
 * sources' records carry beside its cells, and the labels signal's evidence and facts that name them are rewritten
 * with the en dash, as imports now write them. A record's own labels are kept as its registry wrote them, and a kept
 * shortlist as it was made.
 */
const corsiaDash = '^CORSIA\\s*[-—]\\s*'

export const corsiaDashMigration: Migration = {
  id: '037-corsia-dash',
  up: async (db) => {
    for (const dataset of datasets) {
      for (const table of ['projects', 'coverage']) {
        await sql`update ${sql.table(`${dataset}.${table}`)} set labels = array(
            select regexp_replace(label, ${corsiaDash}, 'CORSIA – ') from unnest(labels) with ordinality as held (label, n) order by n)
          where exists (select 1 from unnest(labels) as label where label ~ ${corsiaDash})`.execute(db)
      }
      await sql`update ${sql.table(`${dataset}.quality_signals`)}
        set evidence = regexp_replace(evidence, 'CORSIA\\s*[-—]\\s', 'CORSIA – ', 'g'),
          facts = regexp_replace(facts::text, 'CORSIA\\s*[-—]\\s', 'CORSIA – ', 'g')::jsonb
        where evidence ~ 'CORSIA\\s*[-—]\\s' or facts::text ~ 'CORSIA\\s*[-—]\\s'`.execute(db)
    }
  },
}
