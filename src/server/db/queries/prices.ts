import type { ScopedDb } from './scoped'

/** Projects matching the keys (case-insensitively), each with its quoted price if it has one. */
export async function pricesForKeys(db: ScopedDb, keys: string[]) {
  if (keys.length === 0) return []
  return db
    .selectFrom('projects')
    .leftJoin('spot_prices', 'spot_prices.project_id', 'projects.id')
    .leftJoin('sources', 'sources.id', 'spot_prices.source_id')
    .select(['projects.key', 'projects.name', 'spot_prices.value', 'spot_prices.as_of', 'sources.name as source'])
    .where((eb) => eb(eb.fn('upper', ['projects.key']), 'in', keys.map((k) => k.toUpperCase())))
    .execute()
}
