/**
 * The entries of a data folder's tar that belong to the PostgreSQL cluster. The folder holds our own files too
 * (the store's lock, uploads), and a running cluster's postmaster.pid; none of them may travel into another store.
 */
const clusterEntry = /^\/?(PG_VERSION|base|global|pg_[a-z_]+|postgresql\.conf|postgresql\.auto\.conf|pg_hba\.conf|pg_ident\.conf)(\/|$)/

const block = 512

/** A copy of a ustar archive (as PGlite's dumpDataDir writes it, no extended headers) keeping only cluster files. */
export function clusterOnly(tar: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = []
  const decoder = new TextDecoder()
  let offset = 0
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block)
    if (header.every((byte) => byte === 0)) break
    const field = (from: number, length: number) => decoder.decode(header.subarray(from, from + length)).replace(/\0.*$/s, '')
    const prefix = field(345, 155)
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)
    const size = parseInt(field(124, 12).trim() || '0', 8)
    const length = block + Math.ceil(size / block) * block
    if (clusterEntry.test(name)) kept.push(tar.subarray(offset, offset + length))
    offset += length
  }
  kept.push(new Uint8Array(2 * block))
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of kept) {
    out.set(part, at)
    at += part.length
  }
  return out
}
