import { hash } from 'node:crypto'
import type { CreditRecord } from '../importers/registry/credit-record'
import { searchTextId } from '../core/search-text-id'
import type { NewCreditSearchText } from '../db/schema'

/** What a record says, hashed: a record imported again with the same content is unchanged. */
export const fingerprintOf = (record: CreditRecord) => {
  const { row: _row, ...content } = record
  return hash('sha1', JSON.stringify(content), 'base64url')
}

/** What a beneficiary search reads of a record: the harmonised name and the registry's own fields, in lower case. */
const searchTextOf = (record: CreditRecord) => [record.beneficiary ?? '', ...Object.values(record.beneficiary_raw)].join(' | ').toLowerCase()

/**
 * What writing a file's records needs that no database does: each record's fingerprint and the id of its search
 * text, in the records' order, and each distinct search text once. Worked out in the parsing worker, beside the
 * reading, so a large export's hashing is spread over the workers rather than done on the thread that writes.
 */
export interface CreditDigests {
  fingerprints: string[]
  searchIds: string[]
  searchTexts: NewCreditSearchText[]
}

export function digestCredits(records: readonly CreditRecord[]): CreditDigests {
  const ids = new Map<string, string>()
  const searchIds = records.map((record) => {
    const text = searchTextOf(record)
    let id = ids.get(text)
    if (id === undefined) ids.set(text, (id = searchTextId(text)))
    return id
  })
  return {
    fingerprints: records.map(fingerprintOf),
    searchIds,
    searchTexts: [...ids].map(([text, id]) => ({ id, text })),
  }
}
