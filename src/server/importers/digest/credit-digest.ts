import { hash } from 'node:crypto'
import { isMainThread } from 'node:worker_threads'
import type { RegistryRecord } from '../registry/registry-record'
import { searchTextId } from './search-text-id'
import { knownLabelsOf } from '../registry/known-labels'
import { creditLine } from '../../db/copy/credit-columns'
import { recordSearchText } from '../../db/queries/search-text'
import type { NewCreditSearchText } from '../../db/schema'
import { TextPacker, type PackedTexts } from './packed-texts'
import { LinePacker, type PackedLines } from './packed-lines'
import { BlockPacker, type DigestedBlocks } from './block-digest'
import { recordReader } from '../../beneficiaries/extract'
import { spellingId, type Spelling } from '../../beneficiaries/spelling'
import type { Reading } from '../../beneficiaries/read-spelling'
import type { NewBeneficiarySpelling } from '../../db/schema'

/** Where the records a run writes came from. */
export interface CreditOrigin {
  sourceId: string
  runId: string
  fileName: string
}

/**
 * What a record says, hashed: all of it but its row, key for key as its reader wrote them (a record imported again
 * with the same content is unchanged, so the text hashed stays what stores hold fingerprints of).
 */
const fingerprintOf = (content: RecordContent) => hash('sha1', JSON.stringify(content), 'base64url')

/**
 * A record without its row and the rows it joined, its beneficiary as the rules read it: what is hashed and written of
 * it. How many rows gave it is the file's way of writing it, not what it says.
 */
type RecordContent = Omit<RegistryRecord, 'row' | 'joinedRows'>

/** What a beneficiary search reads of a record (`recordSearchText`). */
const searchTextOf = (record: RecordContent) => recordSearchText(record.beneficiary, record.beneficiary_raw)

/** A record as the line COPY writes, with its fingerprint, its search text's id and where it came from. */
function creditLineOf(record: RecordContent, row: number, fingerprint: string, searchId: string, beneficiaryId: string | null, origin: CreditOrigin) {
  return creditLine({
    id: record.id,
    registry: record.registry,
    project_key: record.project_key,
    kind: record.kind,
    quantity: record.quantity,
    vintage: record.vintage,
    date: record.date,
    serial: record.serial,
    labels: record.labels,
    beneficiary: record.beneficiary,
    beneficiary_raw: record.beneficiary_raw,
    reason: record.reason,
    stated_vintage_total: record.stated_vintage_total ?? null,
    search_id: searchId,
    beneficiary_id: beneficiaryId,
    fingerprint,
    source_id: origin.sourceId,
    file_name: origin.fileName,
    row_number: row,
    run_id: origin.runId,
  })
}

/**
 * A file's records as the thread that writes needs them, in few and flat pieces (a million objects, or strings,
 * take seconds to hand between threads; a few texts and typed arrays do not): each record's id, fingerprint and
 * line for COPY packed, its project and its search text by number, and each distinct project key and search text
 * once. Worked out in the parsing worker, beside the reading, so a large export's hashing and formatting are
 * spread over the workers.
 */
export interface DigestedCredits {
  /** The file the records are from, as its skipped rows name it. */
  fileName: string
  ids: PackedTexts
  fingerprints: PackedTexts
  lines: PackedLines
  /** The project keys the records name, each once, with the newest day a record of each carries. */
  projectKeys: string[]
  newestDays: (string | null)[]
  /** The labels each project's records carry that say what its credits are (`knownLabelsOf`), each once. */
  projectLabels: string[][]
  projectOf: Uint32Array
  searchTexts: NewCreditSearchText[]
  searchTextOf: Uint32Array
  /** The raw strings that name (or fail to name) whom the records were retired for, each once, as the rules read them. */
  spellings: NewBeneficiarySpelling[]
  /** Each record's spelling by number; -1 where its fields say nothing of whom. */
  spellingOf: Int32Array
  /** Each record's row in its file. */
  rows: Uint32Array
  /** Each record's block of serial numbers, where its serial encodes one. */
  blocks: DigestedBlocks
  /**
   * Records that name their project by the registry's own id (`@prj_…`, Isometric's): the run's projects file says
   * which key that is, so they are digested once it is known. Their lines and fingerprints are empty.
   */
  unresolved: RegistryRecord[]
}

/**
 * A spelling's row, and the key that tells it apart, made once per spelling the reader keeps (`recordReader`, which
 * answers the same spelling for the same string): the same companies recur from slice to slice of an export, and a
 * key joined and an id hashed afresh for each record took a parsing worker about a second a million records.
 */
const spellingRows = new WeakMap<Spelling, { key: string; row: NewBeneficiarySpelling }>()

function spellingRowOf(spelling: Spelling, reading: Reading) {
  let found = spellingRows.get(spelling)
  if (!found) {
    const row: NewBeneficiarySpelling = { spelling_id: spellingId(spelling), field: spelling.field, spelling: spelling.text, rules_name: reading.name, rules_why: reading.why }
    spellingRows.set(spelling, (found = { key: `${spelling.field}\u001f${spelling.text}`, row }))
  }
  return found
}

/**
 * Search texts' ids, kept for the parsing worker's thread (bounded, like the readings): a text recurs as its company
 * does, and each is hashed once rather than once a slice. Past as many as the readings kept, they are let go.
 */
const searchTextIds = isMainThread ? null : new Map<string, string>()
const searchTextIdsAtMost = 50_000

function keptSearchTextId(text: string) {
  if (!searchTextIds) return searchTextId(text)
  let id = searchTextIds.get(text)
  if (id === undefined) {
    if (searchTextIds.size >= searchTextIdsAtMost) searchTextIds.clear()
    searchTextIds.set(text, (id = searchTextId(text)))
  }
  return id
}

/** The number an item has in a list of distinct items, added at the end when new. */
function numberer<T>(list: T[]) {
  const numbers = new Map<string, number>()
  return (key: string, item: () => T) => {
    let number = numbers.get(key)
    if (number === undefined) numbers.set(key, (number = list.push(item()) - 1))
    return number
  }
}

/** Adds the labels that say what credits are to a project's, each once: most records carry one or two, or none. */
function addLabels(held: string[], labels: readonly string[]) {
  for (const label of knownLabelsOf(labels)) if (!held.includes(label)) held.push(label)
}

export function digestCredits(records: readonly RegistryRecord[], origin: CreditOrigin): DigestedCredits {
  const ids = new TextPacker(records.length)
  const fingerprints = new TextPacker(records.length)
  const lines = new LinePacker(records.length)
  const blocks = new BlockPacker(records.length)
  const digested: Omit<DigestedCredits, 'ids' | 'fingerprints' | 'lines' | 'blocks'> = {
    fileName: origin.fileName,
    projectKeys: [],
    newestDays: [],
    projectLabels: [],
    projectOf: new Uint32Array(records.length),
    searchTexts: [],
    searchTextOf: new Uint32Array(records.length),
    spellings: [],
    spellingOf: new Int32Array(records.length),
    rows: new Uint32Array(records.length),
    unresolved: [],
  }
  const projectNumber = numberer(digested.projectKeys)
  const textNumber = numberer(digested.searchTexts)
  const spellingNumber = numberer(digested.spellings)
  const beneficiaryOf = recordReader()
  records.forEach((read, i) => {
    // Whom the record names is read here, once per raw string, by the beneficiaries pipeline; its fingerprint and
    // search text carry the name, so a record read by newer rules is rewritten.
    const { spelling, reading } = beneficiaryOf(read)
    // One copy of the record, its row set apart: the order of its keys is the reader's, which its fingerprint hashes.
    const { row, joinedRows: _joined, ...record } = read
    record.beneficiary = reading.name
    const kept = spelling && spellingRowOf(spelling, reading)
    const spellingAt = kept ? spellingNumber(kept.key, () => kept.row) : -1
    const text = searchTextOf(record)
    const searchText = textNumber(text, () => ({ id: keptSearchTextId(text), text }))
    const project = projectNumber(record.project_key, () => record.project_key)
    if (record.labels.length > 0) addLabels((digested.projectLabels[project] ??= []), record.labels)
    const resolved = !record.project_key.startsWith('@')
    const fingerprint = resolved ? fingerprintOf(record) : ''
    const beneficiaryId = spellingAt < 0 ? null : String(digested.spellings[spellingAt].spelling_id)
    const line = resolved ? creditLineOf(record, row, fingerprint, digested.searchTexts[searchText].id, beneficiaryId, origin) : ''
    if (!resolved) digested.unresolved.push(read)
    ids.add(record.id)
    fingerprints.add(fingerprint)
    lines.add(line)
    digested.projectOf[i] = project
    digested.searchTextOf[i] = searchText
    digested.spellingOf[i] = spellingAt
    digested.rows[i] = row
    blocks.add(i, read)
    const newest = digested.newestDays[project]
    if (record.date && (newest === undefined || newest === null || record.date > newest)) digested.newestDays[project] = record.date
    else if (newest === undefined) digested.newestDays[project] = null
  })
  for (let p = 0; p < digested.projectKeys.length; p++) digested.projectLabels[p] ??= []
  return { ...digested, ids: ids.done(), fingerprints: fingerprints.done(), lines: lines.done(), blocks: blocks.done() }
}
