import { hash } from 'node:crypto'
import type { CreditRecord } from '../importers/registry/credit-record'
import { searchTextId } from '../core/search-text-id'
import { creditLine } from '../db/credit-columns'
import type { NewCreditSearchText } from '../db/schema'
import { TextPacker, type PackedTexts } from './packed-texts'
import { LinePacker, type PackedLines } from './packed-lines'

/** Where the records a run writes came from. */
export interface CreditOrigin {
  sourceId: string
  runId: string
  fileName: string
}

/** What a record says, hashed: a record imported again with the same content is unchanged. */
const fingerprintOf = (record: CreditRecord) => {
  const { row: _row, ...content } = record
  return hash('sha1', JSON.stringify(content), 'base64url')
}

/** What a beneficiary search reads of a record: the harmonised name and the registry's own fields, in lower case. */
const searchTextOf = (record: CreditRecord) => [record.beneficiary ?? '', ...Object.values(record.beneficiary_raw)].join(' | ').toLowerCase()

/** A record as the line COPY writes, with its fingerprint, its search text's id and where it came from. */
function creditLineOf(record: CreditRecord, fingerprint: string, searchId: string, origin: CreditOrigin) {
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
    search_id: searchId,
    fingerprint,
    source_id: origin.sourceId,
    file_name: origin.fileName,
    row_number: record.row,
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
  ids: PackedTexts
  fingerprints: PackedTexts
  lines: PackedLines
  /** The project keys the records name, each once, with the newest day a record of each carries. */
  projectKeys: string[]
  newestDays: (string | null)[]
  projectOf: Uint32Array
  searchTexts: NewCreditSearchText[]
  searchTextOf: Uint32Array
  /**
   * Records that name their project by the registry's own id (`@prj_…`, Isometric's): the run's projects file says
   * which key that is, so they are digested once it is known. Their lines and fingerprints are empty.
   */
  unresolved: CreditRecord[]
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

export function digestCredits(records: readonly CreditRecord[], origin: CreditOrigin): DigestedCredits {
  const ids = new TextPacker(records.length)
  const fingerprints = new TextPacker(records.length)
  const lines = new LinePacker(records.length)
  const digested: Omit<DigestedCredits, 'ids' | 'fingerprints' | 'lines'> = {
    projectKeys: [],
    newestDays: [],
    projectOf: new Uint32Array(records.length),
    searchTexts: [],
    searchTextOf: new Uint32Array(records.length),
    unresolved: [],
  }
  const projectNumber = numberer(digested.projectKeys)
  const textNumber = numberer(digested.searchTexts)
  records.forEach((record, i) => {
    const text = searchTextOf(record)
    const searchText = textNumber(text, () => ({ id: searchTextId(text), text }))
    const project = projectNumber(record.project_key, () => record.project_key)
    const resolved = !record.project_key.startsWith('@')
    const fingerprint = resolved ? fingerprintOf(record) : ''
    const line = resolved ? creditLineOf(record, fingerprint, digested.searchTexts[searchText].id, origin) : ''
    if (!resolved) digested.unresolved.push(record)
    ids.add(record.id)
    fingerprints.add(fingerprint)
    lines.add(line)
    digested.projectOf[i] = project
    digested.searchTextOf[i] = searchText
    const newest = digested.newestDays[project]
    if (record.date && (newest === undefined || newest === null || record.date > newest)) digested.newestDays[project] = record.date
    else if (newest === undefined) digested.newestDays[project] = null
  })
  return { ...digested, ids: ids.done(), fingerprints: fingerprints.done(), lines: lines.done() }
}
