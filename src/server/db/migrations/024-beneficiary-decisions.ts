import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Who credits were retired for, resolved once per raw string rather than once per record, and the analysts' word
 * over the rules.
 *
 * - `beneficiary_spellings`: each raw string a registry field wrote (a spelling: the field and its text), with what
 *   the rules read in it (`rules_name`, `rules_why`), whom it resolves to after clustering and decisions
 *   (`resolved_name`, null for no one) and why, how many records write it, and `search_text` (lower case, raw string
 *   and resolved name) under a trigram index, for finding a company by any of its spellings.
 * - `beneficiary_decisions`: merge, split, rename, names no one; when and by which credential, and when undone.
 * - `credits.beneficiary_id`: the record's spelling. Records stored before have none until the start that finds
 *   them reads them again (`beneficiaries/older-stores.ts`).
 */
export const beneficiaryDecisionsMigration: Migration = {
  id: '024-beneficiary-decisions',
  up: async (db) => {
    for (const dataset of datasets) {
      const spellings = sql.table(`${dataset}.beneficiary_spellings`)
      const decisions = sql.table(`${dataset}.beneficiary_decisions`)
      const credits = sql.table(`${dataset}.credits`)
      await sql`create table ${spellings} (
        spelling_id bigint primary key,
        field text not null,
        spelling text not null,
        rules_name text,
        rules_why text not null default '',
        resolved_name text,
        why text not null default '',
        records integer not null default 0,
        search_text text not null default ''
      )`.execute(db)
      await sql`create index beneficiary_spellings_resolved_idx on ${spellings} (resolved_name)`.execute(db)
      await sql`create index beneficiary_spellings_search_idx on ${spellings} using gin (search_text public.gin_trgm_ops)`.execute(db)
      await sql`create table ${decisions} (
        id text primary key,
        kind text not null,
        names text[] not null default '{}',
        spelling text,
        into_name text,
        made_at timestamptz not null,
        made_by text not null,
        undone_at timestamptz,
        undone_by text
      )`.execute(db)
      await sql`create index beneficiary_decisions_made_idx on ${decisions} (made_at, id)`.execute(db)
      await sql`alter table ${credits} add column beneficiary_id bigint`.execute(db)
      await sql`create index credits_beneficiary_idx on ${credits} (beneficiary_id)`.execute(db)
    }
  },
}
