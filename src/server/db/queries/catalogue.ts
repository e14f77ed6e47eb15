import { sql } from 'kysely'
import type { ScopedDb } from './scoped'

/** Epoch milliseconds as a plain number: the catalogue keeps times in typed arrays, never as Date objects. */
const epochMs = (column: string) => sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000)::float8`

/** The catalogue's sources, in the order the catalog and the coverage matrix list them. */
export async function catalogueSources(db: ScopedDb) {
  return db.selectFrom('sources').select(['id', 'name', 'kind', 'cadence_hours', 'registry']).orderBy('kind').orderBy('name').execute()
}

/** Every project's facts the catalogue keeps, in key order (the database's C collation, as every list sorts). */
export async function catalogueProjects(db: ScopedDb) {
  return db
    .selectFrom('projects')
    .select([
      'id', 'key', 'name', 'registry', 'status', 'scope', 'type', 'reduction_removal', 'region', 'country', 'vintage',
      'issued', 'retired', 'remaining', 'buffer', 'labels', 'co_benefits', 'quality_score', 'quality_grade', 'synthetic',
      epochMs('updated_at').as('updated_ms'),
    ])
    .orderBy('key')
    .execute()
}

/**
 * When one source last updated each project it covers. Read a source at a time, so the rows in flight at once
 * stay a fraction of the whole matrix.
 */
export async function coverageOfSource(db: ScopedDb, sourceId: string) {
  return db
    .selectFrom('coverage')
    .select(['project_id', epochMs('last_success_at').as('updated_ms')])
    .where('source_id', '=', sourceId)
    .execute()
}

export async function catalogueSpotPrices(db: ScopedDb) {
  return db.selectFrom('spot_prices').select(['project_id', 'value', 'source_id', epochMs('as_of').as('as_of_ms')]).execute()
}

/** Every project's credits per year, a project's years together and ascending. */
export async function catalogueCreditYears(db: ScopedDb) {
  return db
    .selectFrom('credit_years')
    .select(['project_id', 'year', 'issued_by_vintage', 'issued_in_year', 'retired_in_year', 'retired_by_vintage'])
    .orderBy('project_id')
    .orderBy('year')
    .execute()
}
