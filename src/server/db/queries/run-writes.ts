import type { Insertable } from 'kysely'
import type { CoverageTable, NewProject, NewSpotPrice } from '../schema'
import type { ScopedDb } from './scoped'

/** What an applied source run writes, in chunks a statement can carry. */

const chunkSize = 500

export function chunks<T>(items: T[], size = chunkSize): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

export async function touchCoverage(db: ScopedDb, rows: Insertable<CoverageTable>[]) {
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('coverage')
      .values(chunk)
      .onConflict((oc) => oc.columns(['project_id', 'source_id']).doUpdateSet((eb) => ({ last_success_at: eb.ref('excluded.last_success_at') })))
      .execute()
  }
}

const projectColumns = [
  'name', 'registry', 'status', 'scope', 'type', 'reduction_removal', 'region', 'country', 'state', 'methodology',
  'developer', 'website', 'vintage', 'issued', 'retired', 'remaining', 'buffer', 'labels', 'co_benefits', 'sdgs',
  'listed_at', 'registered_at', 'updated_at',
] as const

/** Inserts new projects and rewrites the registry facts of known ones; quality fields stay as they are. */
export async function upsertProjects(db: ScopedDb, rows: NewProject[]) {
  for (const chunk of chunks(rows, 200)) {
    await db
      .insertInto('projects')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => Object.fromEntries(projectColumns.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute()
  }
}

export async function upsertPrices(db: ScopedDb, rows: NewSpotPrice[]) {
  for (const chunk of chunks(rows)) {
    await db
      .insertInto('spot_prices')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          as_of: eb.ref('excluded.as_of'),
          source_id: eb.ref('excluded.source_id'),
        })),
      )
      .execute()
  }
}
