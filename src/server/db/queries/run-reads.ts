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

/** Each quoted project's current price. */
export async function quotedPrices(db: ScopedDb) {
  return db.selectFrom('spot_prices').select(['project_id', 'value']).execute()
}
