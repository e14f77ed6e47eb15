import { createHash } from 'node:crypto'

/**
 * The id of a record's search text: the first 64 bits of its MD5 as a signed integer, in decimal (PostgreSQL's
 * `('x' || substr(md5(text), 1, 16))::bit(64)::bigint`, which migration 017 used for the records it found). The
 * same text always has the same id, so records and texts are written without asking the store for one.
 */
export function searchTextId(text: string): string {
  const hex = createHash('md5').update(text).digest('hex').slice(0, 16)
  return BigInt.asIntN(64, BigInt(`0x${hex}`)).toString()
}
