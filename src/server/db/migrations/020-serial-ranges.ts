import { sql } from 'kysely'
import type { Migration } from './migration'
import { datasets } from './datasets'

/**
 * Each record's block of serial numbers, where its serial encodes one, so an import finds a block that shares
 * units with one stored (issuance 19385 once read 435 issued and 860 retired: an overlapping block was counted
 * twice). A table beside the records, holding only records with a block, indexed so the one stored block that can
 * overlap a new one is a single step down the index. The records stored before are read here as
 * `importers/registry/serial-range.ts` read them the day this shipped; a number too long for a count is left out.
 */
export const serialRangesMigration: Migration = {
  id: '020-serial-ranges',
  up: async (db) => {
    for (const dataset of datasets) {
      const blocks = sql.table(`${dataset}.credit_blocks`)
      const credits = sql.table(`${dataset}.credits`)
      await sql`create table ${blocks} (
        credit_id text not null,
        registry text not null,
        kind text not null,
        scope text not null,
        first_unit bigint not null,
        last_unit bigint not null
      )`.execute(db)
      // Verra numbers every unit in one sequence (scope ''); ACR, CAR and ART write `<batch>-<first> to <last>`;
      // Gold Standard `<batch>-<first>-<last>`; Credence writes Cercarbono's `<serial> <from>–<to>`.
      await sql`insert into ${blocks} (credit_id, registry, kind, scope, first_unit, last_unit)
        select id, registry, kind, scope, first_unit::bigint, last_unit::bigint from (
          select id, registry, kind, parts[1] as scope, parts[2] as first_unit, parts[3] as last_unit from (
            select id, registry, kind, case
              when registry = 'VCS' then array[''] || regexp_match(serial, '^\\d+-(\\d+)-(\\d+)-')
              when registry in ('ACR', 'CAR', 'ART') then regexp_match(serial, '^(.+)-(\\d+) to (\\d+)$')
              when registry = 'GS' and serial not like '% - %' then regexp_match(serial, '^(.+)-(\\d+)-(\\d+)$')
              when registry = 'CCB' then regexp_match(serial, '^(.+) (\\d+)–(\\d+)$')
            end as parts
            from ${credits} where serial is not null
          ) as read
          where parts is not null and array_length(parts, 1) = 3
        ) as ranges
        where length(first_unit) <= 15 and length(last_unit) <= 15`.execute(db)
      // Gold Standard's older serials name the first and the last unit whole, alike but for the unit's number:
      // `RW-5-1463953-2-2-0-7014 - RW-5-1467609-2-2-0-7014` is units 1463953 to 1467609 of `RW-5-*-2-2-0-7014`.
      await sql`insert into ${blocks} (credit_id, registry, kind, scope, first_unit, last_unit)
        select id, registry, kind, scope, first_unit::bigint, last_unit::bigint from (
          select c.id, c.registry, c.kind,
            string_agg(case when f.a = f.b then f.a else '*' end, '-' order by f.at) as scope,
            max(f.a) filter (where f.a <> f.b) as first_unit,
            max(f.b) filter (where f.a <> f.b) as last_unit,
            count(*) filter (where f.a <> f.b) as differing,
            bool_and(f.a = f.b or (f.a ~ '^\\d+$' and f.b ~ '^\\d+$')) as numeric,
            count(*) = count(f.a) and count(*) = count(f.b) as aligned
          from ${credits} c
          cross join lateral unnest(
            string_to_array(trim(split_part(c.serial, ' - ', 1)), '-'),
            string_to_array(trim(split_part(c.serial, ' - ', 2)), '-')
          ) with ordinality as f(a, b, at)
          where c.registry = 'GS' and c.serial like '% - %' and c.serial not like '% - % - %'
          group by c.id, c.registry, c.kind
        ) as fields
        where differing = 1 and numeric and aligned and length(first_unit) <= 15 and length(last_unit) <= 15`.execute(db)
      await sql`create index credit_blocks_scope_idx on ${blocks} (registry, kind, scope, first_unit)`.execute(db)
    }
  },
}
