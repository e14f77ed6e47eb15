import type { Insertable } from 'kysely'
import type { ScopedDb } from '../db/queries/scoped'
import type { CoverageTable, NewProject, NewQualitySignal, NewSpotPrice } from '../db/schema'

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

export async function replaceSignals(db: ScopedDb, projectIds: string[], rows: NewQualitySignal[]) {
  for (const chunk of chunks(projectIds)) await db.deleteFrom('quality_signals').where('project_id', 'in', chunk).execute()
  const json = rows.map((s) => ({ ...s, facts: typeof s.facts === 'string' ? s.facts : JSON.stringify(s.facts ?? []) }))
  for (const chunk of chunks(json)) await db.insertInto('quality_signals').values(chunk).execute()
}

/** Yields to the event loop between batches so API requests are served while a run computes. */
export const breathe = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))
