import { sql } from 'kysely'
import type { RegistryCode } from '../../../api/contract/common'
import type { ProjectRow } from '../schema'
import { asJson, cataloguePageRows, pages } from './catalogue'
import type { ScopedDb } from './scoped'

/**
 * The projects a run of a source covers, in key order: those of its registry (for a registry source) or all,
 * narrowed to upper-cased keys when the run names some.
 */
export async function projectsForRun(db: ScopedDb, registry: RegistryCode | null, keys: string[] | null): Promise<ProjectRow[]> {
  let query = db.selectFrom('projects').selectAll().orderBy('key')
  if (registry) query = query.where('registry', '=', registry)
  if (keys) {
    if (keys.length === 0) return []
    query = query.where((eb) => eb(eb.fn('upper', ['key']), 'in', keys))
  }
  return query.execute()
}

/** A page of the facts an import compares, after `afterKey`, in key order. */
function projectFactsAfter(db: ScopedDb, afterKey: string | null) {
  const page = db
    .selectFrom('projects')
    .select(['id', 'key', 'name', 'registry', 'status', 'type', 'region', 'country', 'issued', 'retired', 'remaining', 'vintage', 'labels', 'synthetic'])
    .orderBy('key')
    .limit(cataloguePageRows)
  return asJson(db, afterKey === null ? page : page.where('key', '>', afterKey))
}

/** The facts an import compares, to count created, updated and unchanged projects, read a page at a time. */
export async function projectFactsByKey(db: ScopedDb) {
  const facts: Awaited<ReturnType<typeof projectFactsAfter>> = []
  for await (const page of pages((last: (typeof facts)[number] | null) => projectFactsAfter(db, last?.key ?? null))) facts.push(...page)
  return facts
}

/** Of the projects named by `keys` (upper-cased), each one's id and whether it is generated, by upper-cased key. */
export async function projectsNamed(db: ScopedDb, keys: readonly string[]): Promise<Map<string, { id: string; synthetic: boolean }>> {
  const named = new Map<string, { id: string; synthetic: boolean }>()
  for (let start = 0; start < keys.length; start += cataloguePageRows) {
    const rows = await db
      .selectFrom('projects')
      .select([sql<string>`upper(key)`.as('upper_key'), 'id', 'synthetic'])
      .where(sql<boolean>`upper(key) = any(${keys.slice(start, start + cataloguePageRows)}::text[])`)
      // Of two keys that differ only in case, the one last in key order is taken (the stored key's order, not the
      // upper-cased one's, in which the two tie). Registry keys are ASCII, which upper() and toUpperCase() agree on.
      .orderBy(sql.ref('projects.key'))
      .execute()
    for (const row of rows) named.set(row.upper_key, { id: row.id, synthetic: row.synthetic })
  }
  return named
}

/** Whether the catalogue holds generated projects: a generated catalogue is never mixed with real ones. */
export async function holdsGenerated(db: ScopedDb): Promise<boolean> {
  return (await db.selectFrom('projects').select('id').where('synthetic', '=', true).limit(1).executeTakeFirst()) !== undefined
}

/**
 * The region real projects file each country under (lower-cased), for listings that name only a country: where
 * projects of one country disagree, the one last in key order says, and countries come in the order their first
 * project does. Grouped in the store, a few hundred rows rather than every project's facts.
 */
export async function regionsByCountry(db: ScopedDb): Promise<Map<string, string>> {
  // Places in key order by number, so that the order is the store's collation wherever it is compared.
  const ranked = db
    .selectFrom('projects')
    .select(['country', 'region', 'key', sql<number>`row_number() over (order by key)`.as('place')])
    .where('synthetic', '=', false)
    .where('region', '<>', 'Unknown')
    .as('ranked')
  const rows = await db
    .selectFrom(ranked)
    .select(['country', sql<string>`(array_agg(region order by place desc))[1]`.as('region'), sql<number>`min(place)::int`.as('first'), sql<number>`max(place)::int`.as('last')])
    .groupBy('country')
    .execute()
  // Spellings of one country that differ only in case are one country, as the listings' lower-cased names are.
  const byCountry = new Map<string, { region: string; first: number; last: number }>()
  for (const row of rows) {
    const country = row.country.toLowerCase()
    const seen = byCountry.get(country)
    byCountry.set(country, {
      region: !seen || row.last > seen.last ? row.region : seen.region,
      first: Math.min(row.first, seen?.first ?? Infinity),
      last: Math.max(row.last, seen?.last ?? -Infinity),
    })
  }
  const inOrder = [...byCountry].sort(([, a], [, b]) => a.first - b.first)
  return new Map(inOrder.map(([country, { region }]) => [country, region]))
}

/** Each quoted project's current price. */
export async function quotedPrices(db: ScopedDb) {
  return db.selectFrom('spot_prices').select(['project_id', 'value']).execute()
}
