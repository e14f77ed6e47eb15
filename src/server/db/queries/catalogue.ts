import { sql, type Expression } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import { heldByCount, intoBufferPool, ofBufferPool } from './credits'
import { currentLabels, currentSdgs, currentStatus } from './projects'
import { dataDatesBySource, heldToCoverage } from './sources'
import type { ScopedDb } from './scoped'

/**
 * Epoch milliseconds as a plain number: the catalogue keeps times in typed arrays, never as Date objects. Whole
 * milliseconds, as a Date read from the database has them, so orders and ages are the ones a Date would give.
 */
const epochMs = (column: string) => sql<number>`floor(extract(epoch from ${sql.ref(column)}) * 1000)::float8`

/** The catalogue's sources, in the order the catalog and the coverage matrix list them. */
export async function catalogueSources(db: ScopedDb) {
  return db.selectFrom('sources').select(['id', 'name', 'kind', 'cadence_hours', 'registry']).orderBy('kind').orderBy('name').execute()
}

/**
 * The catalogue is read in pages of this many rows: one result of 100,000 rows would hold them all at once,
 * as protocol bytes inside the embedded database and as objects here; pages keep the peak (and the memory the
 * process keeps after it) a fraction of that.
 */
export const cataloguePageRows = 1000

/**
 * A page's rows as one JSON array the store builds (`json_agg`, in the page's order) rather than row by row and
 * field by field: on the embedded store, Berkeley's 10,975 projects were read in 128 ms against 311 ms, and their
 * 40,814 yearly figures in 133 ms against 338 ms, and a catalogue is read after every run (as are the facts a run
 * compares). Numeric columns arrive as JSON numbers where the driver gives their text (Kysely's JSON types say so),
 * and every reader takes them through Number().
 */
export async function asJson<Row>(db: ScopedDb, page: Expression<Row>) {
  const { rows } = await db.selectNoFrom(jsonArrayFrom(page).as('rows')).executeTakeFirstOrThrow()
  return rows
}

/** A page of projects' facts the catalogue keeps, after `afterKey`, in key order (the database's C collation). */
export async function catalogueProjects(db: ScopedDb, afterKey: string | null) {
  const page = db
    .selectFrom('projects')
    .select((eb) => [
      currentStatus(eb).as('status'),
      currentLabels(eb).as('labels'),
      currentSdgs(eb).as('sdgs'),
      'id', 'key', 'name', 'registry', 'scope', 'type', 'reduction_removal', 'region', 'country', 'vintage',
      'issued', 'retired', 'remaining', 'buffer', 'quality_score', 'quality_grade', 'synthetic',
      epochMs('updated_at').as('updated_ms'),
    ])
    .orderBy('key')
    .limit(cataloguePageRows)
  return asJson(db, afterKey === null ? page : page.where('key', '>', afterKey))
}

/** A page of when each source last updated each project, after the cell (`afterProject`, `afterSource`). */
export async function catalogueCoverage(db: ScopedDb, after: { project_id: string; source_id: string } | null) {
  const page = db
    .selectFrom('coverage')
    .select(['project_id', 'source_id', epochMs('last_success_at').as('updated_ms')])
    .orderBy('project_id')
    .orderBy('source_id')
    .limit(cataloguePageRows)
  return asJson(db, after === null ? page : page.where((eb) => eb(eb.refTuple('project_id', 'source_id'), '>', eb.tuple(after.project_id, after.source_id))))
}

/** A page of spot prices, after `afterProject`, by project. */
export async function catalogueSpotPrices(db: ScopedDb, afterProject: string | null) {
  const page = db
    .selectFrom('spot_prices')
    .select(['project_id', 'value', 'source_id', epochMs('as_of').as('as_of_ms')])
    .orderBy('project_id')
    .limit(cataloguePageRows)
  return asJson(db, afterProject === null ? page : page.where('project_id', '>', afterProject))
}

/** A page of projects' credits per year, after (`project_id`, `year`): a project's years together and ascending. */
export async function catalogueCreditYears(db: ScopedDb, after: { project_id: string; year: number } | null) {
  const page = db
    .selectFrom('credit_years')
    .select(['project_id', 'year', 'issued_by_vintage', 'issued_in_year', 'retired_in_year', 'remaining_by_vintage'])
    .orderBy('project_id')
    .orderBy('year')
    .limit(cataloguePageRows)
  return asJson(db, after === null ? page : page.where((eb) => eb(eb.refTuple('project_id', 'year'), '>', eb.tuple(after.project_id, after.year))))
}

/** Every row of a paged read, page by page, each page starting after the last row of the one before. */
export async function* pages<Row>(read: (last: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let last: Row | null = null
  for (;;) {
    const rows = await read(last)
    if (rows.length > 0) yield rows
    if (rows.length < cataloguePageRows) return
    last = rows[rows.length - 1]
  }
}

/**
 * What the registries' records add to each project's count, by vintage: issued and retired (or cancelled) in records dated
 * after the day Berkeley's count is as of (but blocks of an issuance it holds, `heldByCount`), or every record of a
 * project no dated count covers; and beside them the cancellations dated on or before the count, which its vintages
 * may not hold (`cancelledBefore`, read by the vintage ledger). The same rule as a
 * project's page (projects/credit-figures.ts), in one pass over the records, so the catalogue the shortlist ranks
 * stands on the newest records too.
 */
export async function catalogueCreditsSince(db: ScopedDb) {
  const counted = sql<boolean>`v.last_success_at is not null`
  const later = sql<boolean>`case when ${counted} then coalesce(c.date > (v.last_success_at at time zone 'UTC')::date, false) and not ${heldByCount(db, 'c')} else true end`
  // Cancellations dated on or before a count, which its vintages may not hold (`vintageLedger`): credits converted to
  // a compliance programme. A literal kind, so the expression is the same text in the filter and in the sum.
  // A buffer pool's cancellations are the pool's (core/buffer-pool.ts), never the project's retired.
  const cancelledBefore = sql<boolean>`(c.kind = 'cancellation' and not ${ofBufferPool('c')} and ${counted} and c.date <= (v.last_success_at at time zone 'UTC')::date)`
  const rows = await db
    .selectFrom('credits as c')
    .innerJoin('projects as p', (join) => join.on(sql<boolean>`upper(p.key) = upper(c.project_key)`))
    .leftJoin('coverage as v', (join) => join.onRef('v.project_id', '=', 'p.id').on('v.source_id', '=', 'src_vrod'))
    .where(sql<boolean>`(${later} or ${cancelledBefore})`)
    .select([
      'p.id as project_id',
      // A row kept is dated after the count or cancelled on or before it, never both: the sums tell them apart by the
      // cheaper test, so whether the count holds an issuance is asked once a row, in the filter.
      // Issued into the registry's buffer pool is never the project's to sell: buffer, not issued.
      sql<number>`coalesce(sum(c.quantity) filter (where not ${cancelledBefore} and c.kind = 'issuance' and not ${intoBufferPool('c')}), 0)`.as('issued'),
      sql<number>`coalesce(sum(c.quantity) filter (where not ${cancelledBefore} and c.kind <> 'issuance' and not ${ofBufferPool('c')}), 0)`.as('retired'),
      sql<number>`coalesce(sum(c.quantity) filter (where not ${cancelledBefore} and ${intoBufferPool('c')}), 0)`.as('buffer'),
      sql<number>`coalesce(sum(c.quantity) filter (where ${cancelledBefore}), 0)`.as('cancelled_before'),
      'c.vintage',
    ])
    .groupBy(['p.id', 'c.vintage'])
    .execute()
  return rows.map((row) => ({
    project_id: row.project_id,
    vintage: row.vintage === null ? null : Number(row.vintage),
    issued: Number(row.issued),
    retired: Number(row.retired),
    buffer: Number(row.buffer),
    cancelledBefore: Number(row.cancelled_before),
  }))
}

/**
 * How many projects (and generated ones) the catalogue holds, the as-of date each source's imports brought, held to
 * its coverage (`dataDatesBySource`), and the first-start seed's: what `/api/catalogue` reports is made of these.
 */
export async function datasetMakeUp(db: ScopedDb) {
  const [counts, bySource, seeded] = await Promise.all([
    db
      .selectFrom('projects')
      .select([(eb) => eb.fn.countAll<string>().as('projects'), sql<string>`count(*) filter (where synthetic)`.as('synthetic')])
      .executeTakeFirstOrThrow(),
    dataDatesBySource(db),
    db.selectFrom('meta').select('value').where('key', '=', 'imported_as_of').executeTakeFirst(),
  ])
  return {
    projects: Number(counts.projects),
    synthetic: Number(counts.synthetic),
    imports: [...bySource].map(([sourceId, dates]) => ({ sourceId, datedMs: dates.datedMs })),
    // The first-start seed's date is an import of Berkeley's file, and is held to its coverage as a run's is.
    seededMs: seeded ? heldToCoverage(new Date(seeded.value).getTime(), bySource.get('src_vrod')?.coveredMs ?? Number.NaN) : Number.NaN,
  }
}
