import { sql, type Insertable } from 'kysely'
import type { BeneficiaryDecisionTable } from '../schema'
import type { ScopedDb } from './scoped'

/** The one writer of `beneficiary_decisions`: analysts' decisions are added and undone, never rewritten or deleted. */
export async function insertDecision(db: ScopedDb, decision: Insertable<BeneficiaryDecisionTable>) {
  return db.insertInto('beneficiary_decisions').values(decision).returningAll().executeTakeFirstOrThrow()
}

/** Marks a decision undone, with when and by whom; one undone already stays as it was. */
export async function undoDecision(db: ScopedDb, id: string, by: string, at: Date) {
  return db
    .updateTable('beneficiary_decisions')
    .set({ undone_at: at, undone_by: by })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

export async function findDecision(db: ScopedDb, id: string) {
  return db.selectFrom('beneficiary_decisions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The decisions that hold, in the order they were made: the order they apply in. */
export async function decisionsInForce(db: ScopedDb) {
  return db.selectFrom('beneficiary_decisions').selectAll().where('undone_at', 'is', null).orderBy('made_at').orderBy('id').execute()
}

/** One page of every decision, undone ones too, newest first, with how many there are. */
export async function listDecisions(db: ScopedDb, page: number, perPage: number, name?: string) {
  let decisions = db.selectFrom('beneficiary_decisions')
  if (name !== undefined) decisions = decisions.where((eb) => eb.or([eb(sql.val(name), '=', eb.fn.any('names')), eb('into_name', '=', name)]))
  const [rows, total] = await Promise.all([
    decisions.selectAll().orderBy('made_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    decisions.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.total) }
}

/** Every decision, oldest first, for an export. */
export async function allDecisions(db: ScopedDb) {
  return db.selectFrom('beneficiary_decisions').selectAll().orderBy('made_at').orderBy('id').execute()
}

/**
 * Holds, until the transaction ends, the dataset's one right to resolve its beneficiaries: two processes on one
 * PostgreSQL deciding at once would each resolve without the other's decision, the later write hiding the earlier.
 * The second waits, then reads what the first committed. (The embedded store's one connection serialises anyway.)
 */
export async function holdBeneficiaryResolution(db: ScopedDb, dataset: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`credence:beneficiaries:${dataset}`}))`.execute(db)
}
