import type { Kysely } from 'kysely'
import type { BeneficiaryDecisionRequest } from '../../api/contract/beneficiaries'
import { newId } from '../core/ids'
import type { DatasetVersions } from '../db/versions/dataset-versions'
import { bumpDatasetVersion } from '../db/queries/dataset-versions'
import { findDecision, insertDecision, undoDecision } from '../db/queries/beneficiary-decisions'
import { isResolvedName, resolvedNamesInAnyCase, spellingsWritten } from '../db/queries/beneficiary-spellings'
import { scoped, type ScopedDb } from '../db/queries/scoped'
import type { BeneficiaryDecisionRow, Database, Dataset } from '../db/schema'
import { resolveStoredBeneficiaries } from './stored-resolution'
import { spellingText } from './spelling'

/** Who decides: the credential's stable name, and whether it is the sandbox key (whose decisions change nothing). */
export interface DecisionMaker {
  id: string
  dataset: Dataset
  sandbox: boolean
}

/** A decision the request cannot make, with the field that says why. */
export class DecisionRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
    this.name = 'DecisionRefused'
  }
}

/** A sandbox decision's transaction ends here: its answer is computed, its writes rolled back. */
class Simulated extends Error {
  constructor(readonly outcome: { row: BeneficiaryDecisionRow; recordsMoved: number }) {
    super('simulated')
  }
}

/**
 * Refuses a decision about a beneficiary no record names now: a mistyped name ("Nobody Such Co") was stored as a
 * merge that moved nothing, and stayed to catch a later import's records by that name. A name is one some spelling
 * resolves to, as a beneficiary's page is; `into` may be any name.
 */
async function mustName(db: ScopedDb, field: string, name: string) {
  if (await isResolvedName(db, name)) return
  // Names are kept as the records write them, and two that differ in case may be two companies: the refusal names
  // the ones meant, rather than take "aws" for "AWS" unasked.
  const inAnyCase = await resolvedNamesInAnyCase(db, name)
  const meant = inAnyCase.length > 0 ? ` Names differ by case: ${inAnyCase.map((found) => `“${found}”`).join(' and ')} ${inAnyCase.length === 1 ? 'is' : 'are'}.` : ''
  throw new DecisionRefused(field, `No beneficiary is named “${name}”: give a name as its page shows it.${meant}`)
}

/** The row a request makes: what it concerns, as the names stand when it is made. */
async function decisionRow(db: ScopedDb, request: BeneficiaryDecisionRequest, maker: DecisionMaker, now: Date): Promise<BeneficiaryDecisionRow> {
  const base = { id: newId('bdc'), made_at: now, made_by: maker.id, undone_at: null, undone_by: null }
  switch (request.kind) {
    case 'merge':
      for (const [i, name] of request.names.entries()) await mustName(db, `names[${i}]`, name)
      return { ...base, kind: 'merge', names: [...new Set(request.names)], spelling: null, into_name: request.into ?? null }
    case 'rename':
      await mustName(db, 'name', request.name)
      return { ...base, kind: 'rename', names: [request.name], spelling: null, into_name: request.into }
    case 'no_one':
      await mustName(db, 'name', request.name)
      return { ...base, kind: 'no_one', names: [request.name], spelling: null, into_name: null }
    case 'split': {
      const text = spellingText(request.spelling)
      const stored = await spellingsWritten(db, text)
      // A raw string the rules read no one in names whoever the analyst says, and only then someone.
      if (!request.into && stored.length > 0 && stored.every((spelling) => spelling.rules_name === null)) {
        throw new DecisionRefused('into', `The rules read no one in "${text}"; give the name it names.`)
      }
      const from = [...new Set(stored.flatMap((spelling) => (spelling.resolved_name === null ? [] : [spelling.resolved_name])))]
      return { ...base, kind: 'split', names: from, spelling: text, into_name: request.into ?? null }
    }
  }
}

/**
 * Makes a decision: stored with when and by whom, and every spelling resolved again in the same transaction, so it
 * applies at once to every record (and, being stored, to every later import). The dataset's version moves on when
 * any spelling now resolves otherwise, so every answer kept from before is read again. The sandbox key's decision
 * is computed the same way and rolled back: it answers what it would do, and changes nothing.
 */
export async function makeDecision(
  db: Kysely<Database>,
  versions: DatasetVersions,
  request: BeneficiaryDecisionRequest,
  maker: DecisionMaker,
  now: Date,
): Promise<{ row: BeneficiaryDecisionRow; recordsMoved: number }> {
  return changeDecisions(db, versions, maker, async (data) => {
    const row = await insertDecision(data, await decisionRow(data, request, maker, now))
    return { row, change: await resolveStoredBeneficiaries({ db: data, dataset: maker.dataset }) }
  })
}

/** Undoes a decision: kept, marked undone with when and by whom, and every spelling resolved without it. Null when there is no such decision. */
export async function undoBeneficiaryDecision(
  db: Kysely<Database>,
  versions: DatasetVersions,
  id: string,
  maker: DecisionMaker,
  now: Date,
): Promise<{ row: BeneficiaryDecisionRow; recordsMoved: number } | null> {
  try {
    return await changeDecisions(db, versions, maker, async (data) => {
      const undone = await undoDecision(data, id, maker.id, now)
      if (undone) return { row: undone, change: await resolveStoredBeneficiaries({ db: data, dataset: maker.dataset }) }
      const found = await findDecision(data, id)
      if (!found) throw new NoSuchDecision()
      // Undone before: answered as it stands, nothing changed.
      return { row: found, change: { spellings: 0, records: 0 } }
    })
  } catch (error) {
    if (error instanceof NoSuchDecision) return null
    throw error
  }
}

class NoSuchDecision extends Error {}

async function changeDecisions(
  db: Kysely<Database>,
  versions: DatasetVersions,
  maker: DecisionMaker,
  change: (data: ScopedDb) => Promise<{ row: BeneficiaryDecisionRow; change: { spellings: number; records: number } }>,
): Promise<{ row: BeneficiaryDecisionRow; recordsMoved: number }> {
  const { dataset } = maker
  try {
    const { outcome, version, install } = await db.transaction().execute(async (trx) => {
      const data = scoped(trx, dataset)
      const made = await change(data)
      const outcome = { row: made.row, recordsMoved: made.change.records }
      if (maker.sandbox) throw new Simulated(outcome)
      if (made.change.spellings === 0) return { outcome, version: null, install: null }
      const install = await versions.prepare(dataset, data)
      return { outcome, version: await bumpDatasetVersion(trx, dataset), install }
    })
    if (version !== null && install) {
      install(version)
      versions.observe(dataset, version)
    }
    return outcome
  } catch (error) {
    if (error instanceof Simulated) return error.outcome
    throw error
  }
}
