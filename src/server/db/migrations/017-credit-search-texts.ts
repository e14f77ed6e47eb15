import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * A million records name a few tens of thousands of beneficiaries: a trigram index over every record's search
 * text indexed the same words once per record, and kept most of an import's time. The texts are now stored once
 * each, indexed there, and a record points at its text by an id derived from the text itself
 * (`core/search-text-id.ts`, the same 64 bits of its MD5 as here), so an import needs no round trip to learn it.
 */
export const creditSearchTextsMigration: Migration = {
  id: '017-credit-search-texts',
  up: async (db) => {
    for (const dataset of datasets) {
      const credits = sql.table(`${dataset}.credits`)
      const texts = sql.table(`${dataset}.credit_search_texts`)
      await sql`create table ${texts} (id bigint primary key, text text not null)`.execute(db)
      await sql`alter table ${credits} add column search_id bigint not null default 0`.execute(db)
      await sql`update ${credits} set search_id = ('x' || substr(md5(search), 1, 16))::bit(64)::bigint`.execute(db)
      await sql`insert into ${texts} (id, text) select distinct on (search_id) search_id, search from ${credits} order by search_id`.execute(db)
      await sql`alter table ${credits} alter column search_id drop default`.execute(db)
      await sql`drop index ${sql.table(`${dataset}.credits_search_trgm_idx`)}`.execute(db)
      await sql`alter table ${credits} drop column search`.execute(db)
      await sql`create index credits_search_idx on ${credits} (search_id)`.execute(db)
      await sql`create index credit_search_texts_trgm_idx on ${texts} using gin (text public.gin_trgm_ops)`.execute(db)
    }
  },
}
