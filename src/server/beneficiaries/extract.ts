import { isMainThread } from 'node:worker_threads'
import { isRetiring, type CreditKind } from '../../api/contract/credits'
import { lookup } from '../../lib/lookup'
import { readSpelling, type FieldRole, type Reading } from './read-spelling'
import { spellingText, type Spelling } from './spelling'

/**
 * The registries' fields about who and why, each with what it is, in the order they are asked: the fields that
 * name the user first, then the notes that may name them in a sentence, then the account that retired them.
 * Fields not listed (Verra's `Retirement Reason`, Isometric's `owner.name` and `purposes`, Cercarbono's
 * `certificate_destination`) say why or through whom, never for whom.
 */
const fieldsInOrder: readonly (readonly [field: string, role: FieldRole])[] = [
  ['Retirement Beneficiary', 'user'], // Verra
  ['Retired on Behalf of', 'user'], // ACR, ART TREES
  ['Using Entity', 'user'], // Gold Standard
  ['Aeroplane Operator Name', 'user'], // Gold Standard, for CORSIA
  ['beneficiary.name', 'user'], // Isometric
  ['end_user', 'user'], // Cercarbono
  ['passive_subject', 'user'], // Cercarbono: the carbon tax's taxpayer, named where the end user is "Not public"
  ['Retirement Details', 'note'], // Verra
  ['Retirement Reason Details', 'note'], // Climate Action Reserve
  ['Purpose of Retirement', 'note'], // ACR, ART TREES
  ['Note', 'note'], // Gold Standard
  ['notes', 'note'], // Isometric
  ['Account Holder', 'holder'], // ACR, CAR, ART TREES
]
const roles: Readonly<Record<string, FieldRole>> = Object.fromEntries(fieldsInOrder)

/** A field's role, for reading a stored spelling again; an unknown field is read as a note, which names no one lightly. */
export const roleOf = (field: string): FieldRole => lookup(roles, field) ?? 'note'

/** Reads a stored spelling by the rules, as an import read it. */
export const readStoredSpelling = (spelling: Spelling): Reading => readSpelling(roleOf(spelling.field), spelling.field, spelling.text)

/**
 * The account holder is who the credits were for only where the registry's reason is read as the holder retiring
 * them for itself ("Environmental Benefit", a corporate pledge); retiring "On Behalf of Third Party" it is the
 * broker, and names no one. The reason does not say "its own": the spelling's why says the reading is the rules'.
 */
const forItsOwnBenefit = (reason: string | null) => reason !== null && /environmental benefit|corporate climate pledge|own (use|benefit)/i.test(reason) && !/third party/i.test(reason)

/** The spelling a record resolves by, the name the rules read in it, and why. */
export interface RecordBeneficiary {
  spelling: Spelling | null
  reading: Reading
}

const nobody: RecordBeneficiary = { spelling: null, reading: { name: null, why: '' } }

/** A field's raw string read: the spelling it is, and what the rules read in it. The same object for the same string, where readings are kept. */
type Read = (role: FieldRole, field: string, raw: string) => RecordBeneficiary & { spelling: Spelling }

const readOnce: Read = (role, field, raw) => {
  const text = spellingText(raw)
  return { spelling: { field, text }, reading: readSpelling(role, field, text) }
}

/**
 * Which of a record's fields names whom it was retired for: the first that names someone, in the order above. A
 * record whose fields name no one keeps the first of them that says anything, so an analyst can see (and correct)
 * what it said; a record with none of them, or that retires nothing, has no spelling.
 */
export function beneficiaryOfRecord(
  record: { kind: CreditKind; beneficiary_raw: Readonly<Record<string, string>>; reason: string | null },
  read: Read = readOnce,
): RecordBeneficiary {
  if (!isRetiring(record.kind)) return nobody
  let first: RecordBeneficiary | null = null
  for (const [field, role] of fieldsInOrder) {
    const raw = lookup(record.beneficiary_raw, field)
    if (raw === undefined || raw.trim() === '' || (role === 'holder' && !forItsOwnBenefit(record.reason))) continue
    const found = read(role, field, raw)
    if (found.reading.name !== null) return found
    if (role !== 'holder') first ??= found
  }
  return first ?? nobody
}

/**
 * Readings of raw strings, kept for every reader of a parsing worker's thread: a pooled worker reads a large
 * export's slices one after another, and the same companies recur from slice to slice. A reading depends on the
 * string and the rules alone, so one kept from an earlier slice or run is the one this would make. Bounded: past
 * this many strings the kept readings are let go and kept afresh. The API's own thread, which must stay small once
 * a run is over, keeps them per reader.
 */
const keptInThread = isMainThread ? null : new Map<string, Map<string, ReturnType<Read>>>()
const keptAtMost = 50_000

/**
 * A copy of what is kept of a file that holds no part of the file's text. V8 makes a string cut from a longer one (a
 * cell Papa Parse cut from a slice's text, a name a pattern found in the cell) a view of the longer one, which it
 * keeps alive: the readings a parsing worker kept from a million rows held every 1 MiB slice that gave one, 165 MB
 * live in each worker by the run's end.
 */
const detached = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * Reads records' fields with each distinct raw string read once: a million records of an export write a few tens
 * of thousands of them, and reading one is a few dozen patterns. Kept by field, then by the string as the file
 * gave it, so finding a reading joins no strings: a million records took a parsing worker a second more keyed by
 * the two joined.
 */
export function recordReader() {
  const kept = keptInThread ?? new Map<string, Map<string, ReturnType<Read>>>()
  let keptCount = [...kept.values()].reduce((sum, strings) => sum + strings.size, 0)
  const read: Read = (role, field, raw) => {
    let strings = kept.get(field)
    if (!strings) kept.set(field, (strings = new Map()))
    let found = strings.get(raw)
    if (!found) {
      if (keptCount >= keptAtMost) {
        for (const held of kept.values()) held.clear()
        keptCount = 0
      }
      found = detached(readOnce(role, field, raw))
      strings.set(detached(raw), found)
      keptCount++
    }
    return found
  }
  return (record: Parameters<typeof beneficiaryOfRecord>[0]) => beneficiaryOfRecord(record, read)
}
