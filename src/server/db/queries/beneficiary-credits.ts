import { sql } from 'kysely'
import type { ScopedDb } from './scoped'
import { retiringKinds } from '../../../api/contract/credits'

/**
 * The records retired for a beneficiary: those of the kinds that retire for someone whose spelling resolves to the
 * name, found through the records' spelling index.
 */
function retiredFor(db: ScopedDb, name: string) {
  const spellings = db.selectFrom('beneficiary_spellings').select('spelling_id').where('resolved_name', '=', name)
  return db
    .selectFrom('credits')
    .where('credits.kind', 'in', retiringKinds)
    .where(sql<boolean>`credits.beneficiary_id = any(array(${spellings}))`)
}

/** The raw strings a beneficiary resolves from, with the records and credits each stands for now, most credits first. */
export async function spellingsRetiredFor(db: ScopedDb, name: string) {
  const counted = retiredFor(db, name)
    .select(['credits.beneficiary_id', sql<string>`count(*)`.as('records'), sql<number>`sum(credits.quantity)`.as('quantity')])
    .groupBy('credits.beneficiary_id')
    .as('counted')
  const rows = await db
    .selectFrom('beneficiary_spellings')
    .leftJoin(counted, 'counted.beneficiary_id', 'beneficiary_spellings.spelling_id')
    .where('beneficiary_spellings.resolved_name', '=', name)
    .select([
      'beneficiary_spellings.field',
      'beneficiary_spellings.spelling',
      'beneficiary_spellings.rules_name',
      'beneficiary_spellings.why',
      sql<string | null>`counted.records`.as('records'),
      sql<number | null>`counted.quantity`.as('quantity'),
    ])
    .orderBy(sql`coalesce(counted.quantity, 0) desc`)
    .orderBy('beneficiary_spellings.spelling')
    .execute()
  return rows.map((row) => ({ ...row, records: Number(row.records ?? 0), quantity: Number(row.quantity ?? 0) }))
}

/** Credits retired for a beneficiary per year of retirement, oldest first, undated last. */
export async function retiredForByYear(db: ScopedDb, name: string) {
  const year = sql<number | null>`extract(year from credits.date)::int`
  const rows = await retiredFor(db, name)
    .select([year.as('year'), sql<number>`sum(credits.quantity)`.as('quantity'), sql<string>`count(*)`.as('records')])
    .groupBy(year)
    .orderBy(sql`1 asc nulls last`)
    .execute()
  return rows.map((row) => ({ year: row.year === null ? null : Number(row.year), quantity: Number(row.quantity), records: Number(row.records) }))
}

/** Credits retired for a beneficiary per project and registry, with the project's name where the catalogue holds it, largest first. */
export async function retiredForByProject(db: ScopedDb, name: string) {
  const rows = await retiredFor(db, name)
    .leftJoin('projects', (join) => join.on(sql<boolean>`upper(projects.key) = upper(credits.project_key)`))
    .select([
      'credits.project_key',
      'credits.registry',
      sql<string | null>`max(projects.name)`.as('project_name'),
      sql<number>`sum(credits.quantity)`.as('quantity'),
      sql<string>`count(*)`.as('records'),
      sql<string | null>`to_char(min(credits.date), 'YYYY-MM-DD')`.as('first_date'),
      sql<string | null>`to_char(max(credits.date), 'YYYY-MM-DD')`.as('last_date'),
    ])
    .groupBy(['credits.project_key', 'credits.registry'])
    .orderBy(sql`sum(credits.quantity) desc`)
    .orderBy('credits.project_key')
    .execute()
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity), records: Number(row.records) }))
}
