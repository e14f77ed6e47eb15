import type { RegistryCode } from '../../../api/contract/common'
import type { ProjectRow } from '../schema'
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

/** Every project, for a connector that compares a whole file with what the dataset holds. */
export async function allProjects(db: ScopedDb): Promise<ProjectRow[]> {
  return db.selectFrom('projects').selectAll().execute()
}

/** Each quoted project's current price. */
export async function quotedPrices(db: ScopedDb) {
  return db.selectFrom('spot_prices').select(['project_id', 'value']).execute()
}
