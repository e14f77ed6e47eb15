import { createHash, hash, randomBytes } from 'node:crypto'

/** A project's id is derived from its registry key, so the generator and the importers agree on it. */
export function projectIdFor(key: string): string {
  return `prj_${createHash('sha256').update(key.toUpperCase()).digest('hex').slice(0, 12)}`
}

/** Time-ordered random ids (`rec_…`, `run_…`, a beneficiary decision's `bdc_…`): sortable by creation, unguessable. */
export function newId(prefix: 'rec' | 'run' | 'file' | 'bdc'): string {
  const time = Date.now().toString(36).padStart(9, '0')
  return `${prefix}_${time}${randomBytes(8).toString('hex')}`
}

/**
 * The first 64 bits of a text's MD5 as a signed integer, in decimal: PostgreSQL's
 * `('x' || substr(md5(text), 1, 16))::bit(64)::bigint`. A search text's id and a spelling's are made so, the same
 * wherever they are made, so a parsing worker names what it writes without asking the store.
 */
export const md5Id = (text: string): string => hash('md5', text, 'buffer').readBigInt64BE(0).toString()
