import { countSpellingRecords, insertResolvedSpellings, storedSpellings, updateSpellings, type SpellingResolution, type StoredSpelling } from '../db/queries/beneficiary-spellings'
import { decisionsInForce, holdBeneficiaryResolution } from '../db/queries/beneficiary-decisions'
import type { ImportTarget } from '../db/queries/scoped'
import type { BeneficiaryDecisionRow, NewBeneficiarySpelling } from '../db/schema'
import type { AppliedDecision } from './decisions'
import { resolveSpellings, type SpellingResolver } from './resolve'

export const appliedDecision = (row: BeneficiaryDecisionRow): AppliedDecision => ({
  id: row.id,
  kind: row.kind,
  names: row.names,
  spelling: row.spelling,
  into: row.into_name,
  madeAt: new Date(row.made_at),
})

/** What a resolution changed: spellings whose name or explanation changed (new ones counted), and records now under another name. */
export interface ResolutionChange {
  spellings: number
  records: number
}

/** A spelling to resolve: as stored (if it is), with the rules' reading and the count of records it has now. */
interface Candidate {
  id: string
  field: string
  spelling: string
  rulesName: string | null
  rulesWhy: string
  records: number
  stored: StoredSpelling | null
}

const fromStore = (stored: StoredSpelling, records = stored.records): Candidate => ({
  id: stored.spelling_id,
  field: stored.field,
  spelling: stored.spelling,
  rulesName: stored.rules_name,
  rulesWhy: stored.rules_why,
  records,
  stored,
})

/**
 * Resolves every spelling of the dataset (rules, companies, decisions) and writes what changed: a new spelling is
 * inserted resolved, a stored one rewritten only where its reading, name, explanation or count changed. Records
 * are never rewritten, since they name their spelling, not the company: a million records name a few tens of
 * thousands of spellings, resolved in about a second inside the transaction that changed them.
 */
async function resolveAndWrite(target: ImportTarget, candidates: readonly Candidate[], store: 'pglite' | 'postgresql', resolve: SpellingResolver = resolveSpellings): Promise<ResolutionChange> {
  return (await beginResolution(target, candidates, store, resolve))()
}

/**
 * Reads the decisions in force and begins the resolution, answering once it is begun with the call that writes it:
 * a resolution off the API's thread is worked out while the store does other work of the same transaction.
 */
async function beginResolution(target: ImportTarget, candidates: readonly Candidate[], store: 'pglite' | 'postgresql', resolve: SpellingResolver): Promise<() => Promise<ResolutionChange>> {
  const decisions = (await decisionsInForce(target.db)).map(appliedDecision)
  const resolving = Promise.resolve(
    resolve(
      candidates.map((c) => ({ id: c.id, text: c.spelling, rulesName: c.rulesName, rulesWhy: c.rulesWhy, records: c.records })),
      decisions,
    ),
  )
  // Awaited by the write; a transaction that fails before it never asks, and the failure is its own.
  resolving.catch(() => {})
  return async () => writeResolution(target, candidates, await resolving, store)
}

/** Writes a resolution: new spellings inserted, stored ones rewritten where they changed. */
async function writeResolution(target: ImportTarget, candidates: readonly Candidate[], resolutions: Awaited<ReturnType<SpellingResolver>>, store: 'pglite' | 'postgresql'): Promise<ResolutionChange> {
  const updates: SpellingResolution[] = []
  const inserts: (SpellingResolution & { field: string })[] = []
  const change: ResolutionChange = { spellings: 0, records: 0 }
  resolutions.forEach((resolution, i) => {
    const candidate = candidates[i]
    const row = { id: candidate.id, spelling: candidate.spelling, rulesName: candidate.rulesName, rulesWhy: candidate.rulesWhy, name: resolution.name, why: resolution.why, records: candidate.records }
    const stored = candidate.stored
    if (!stored) {
      inserts.push({ ...row, field: candidate.field })
      change.spellings++
      return
    }
    if (resolution.name !== stored.resolved_name) change.records += candidate.records
    if (resolution.name !== stored.resolved_name || resolution.why !== stored.why) change.spellings++
    const rewritten = resolution.name !== stored.resolved_name || resolution.why !== stored.why || candidate.records !== stored.records
    if (rewritten || candidate.rulesName !== stored.rules_name || candidate.rulesWhy !== stored.rules_why) updates.push(row)
  })
  await updateSpellings(target.db, updates)
  await insertResolvedSpellings(target, inserts, store)
  return change
}

/** After a decision was made or undone: every spelling resolved again, counts as they are. */
export async function resolveStoredBeneficiaries(target: ImportTarget): Promise<ResolutionChange> {
  await holdBeneficiaryResolution(target.db, target.dataset)
  return resolveAndWrite(target, (await storedSpellings(target.db)).map((stored) => fromStore(stored)), 'postgresql')
}

/**
 * For an import's records: the raw strings they name, as the parsing workers read them, joined to those stored;
 * each spelling's count moved by the records the run writes of it (`adding`) and the records it rewrites away from
 * it (`leaving`, counted before they are rewritten), so no record is counted again. `resolve` does the resolution
 * itself, off the API's thread where the run has it so. Answers once the resolution is begun, with the call that
 * writes it: what is resolved depends on the spellings and decisions stored, not on the records, so a run begins it
 * before it writes its records (on a registry's first import, the store builds the records' indexes meanwhile).
 */
export async function beginImportedResolution(
  target: ImportTarget,
  run: { spellings: readonly NewBeneficiarySpelling[]; adding: ReadonlyMap<string, number>; leaving: ReadonlyMap<string, number> },
  store: 'pglite' | 'postgresql',
  resolve: SpellingResolver,
): Promise<() => Promise<ResolutionChange>> {
  await holdBeneficiaryResolution(target.db, target.dataset)
  const stored = await storedSpellings(target.db)
  const held = new Map(stored.map((spelling) => [spelling.spelling_id, spelling]))
  const count = (id: string, before: number) => before + (run.adding.get(id) ?? 0) - (run.leaving.get(id) ?? 0)
  const candidates = stored.map((spelling) => fromStore(spelling, count(spelling.spelling_id, spelling.records)))
  const at = new Map(candidates.map((candidate, i) => [candidate.id, i]))
  for (const read of run.spellings) {
    const id = String(read.spelling_id)
    const i = at.get(id)
    // Read again by the rules this import ran: a store read by older ones says what these read.
    if (i !== undefined) candidates[i] = { ...candidates[i], rulesName: read.rules_name ?? null, rulesWhy: read.rules_why ?? '' }
    else if (!held.has(id)) {
      at.set(id, candidates.length)
      candidates.push({ id, field: read.field, spelling: read.spelling, rulesName: read.rules_name ?? null, rulesWhy: read.rules_why ?? '', records: count(id, 0), stored: null })
    }
  }
  return beginResolution(target, candidates, store, resolve)
}

/** A store read again at start: every spelling's records counted from the records, its reading as the rules give it now. */
export async function resolveRecountedBeneficiaries(
  target: ImportTarget,
  reread: (stored: StoredSpelling) => { name: string | null; why: string },
): Promise<ResolutionChange> {
  await holdBeneficiaryResolution(target.db, target.dataset)
  const counted = await countSpellingRecords(target.db)
  const candidates = (await storedSpellings(target.db)).map((stored) => {
    const reading = reread(stored)
    return { ...fromStore(stored, counted.get(stored.spelling_id) ?? 0), rulesName: reading.name, rulesWhy: reading.why }
  })
  return resolveAndWrite(target, candidates, 'postgresql')
}
