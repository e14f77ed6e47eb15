import { crc32, createInflateRaw } from 'node:zlib'
import {
  commentRefused,
  entryData,
  expansionRefused,
  isCommentEntry,
  maxCommentEntryBytes,
  maxWorkbookExpandedBytes,
  ZipRefused,
  zipEntries,
  type ZipEntry,
} from './zip-limits'

/**
 * A workbook as SheetJS is given it: every entry inflated here and stored uncompressed, so SheetJS inflates nothing.
 * SheetJS sizes its output by the size an entry's header declares and, told 0, grows its buffer without end; a
 * worker's heap ceiling does not cover buffers, so a 3 MB archive declaring 0 bytes once took the process to
 * 8.8 GB. Here each entry is inflated as a stream and its bytes counted as they come: the moment the archive's
 * total passes `limit` (or a comment's passes its own), inflating stops and the workbook is refused, whatever
 * its headers say. Only a workbook within the limit is inflated a second time, into an archive of exactly the
 * size counted, so no buffer is ever sized by a claim. Throws ZipRefused.
 */
export async function unpackWorkbook(bytes: Uint8Array, limit = maxWorkbookExpandedBytes): Promise<Buffer> {
  const entries = zipEntries(bytes, limit)
  const sizes: number[] = []
  let total = 0
  for (const entry of entries) {
    const comment = isCommentEntry(entry.name)
    const most = comment ? Math.min(maxCommentEntryBytes, limit - total) : limit - total
    const size = await inflated(bytes, entry, most, () => {})
    if (size === null) throw comment && limit - total > maxCommentEntryBytes ? commentRefused(entry.name, null) : expansionRefused(limit, 'inflated')
    sizes.push(size)
    total += size
  }
  return storedArchive(bytes, entries, sizes)
}

/** Writes the entries uncompressed, each as large as it was counted, into one archive allocated once. */
async function storedArchive(bytes: Uint8Array, entries: readonly ZipEntry[], sizes: readonly number[]): Promise<Buffer> {
  const names = entries.reduce((sum, entry) => sum + entry.nameBytes.length, 0)
  const dataBytes = sizes.reduce((sum, size) => sum + size, 0)
  const directoryAt = 30 * entries.length + names + dataBytes
  const out = Buffer.alloc(directoryAt + 46 * entries.length + names + 22)
  let at = 0
  let directory = directoryAt
  for (const [i, entry] of entries.entries()) {
    const size = sizes[i]
    const local = at
    const dataAt = local + 30 + entry.nameBytes.length
    let crc = 0
    const written = await inflated(bytes, entry, size, (piece, offset) => {
      out.set(piece, dataAt + offset)
      crc = crc32(piece, crc)
    })
    // The same bytes inflate to the same size; anything else is an archive that changed under us.
    if (written !== size) throw new ZipRefused(`the zip archive's entry ${entry.name} inflated differently twice`)
    writeHeader(out, local, 0x04034b50, entry.nameBytes, crc, size)
    writeHeader(out, directory, 0x02014b50, entry.nameBytes, crc, size, local)
    at = dataAt + size
    directory += 46 + entry.nameBytes.length
  }
  out.writeUInt32LE(0x06054b50, directory)
  out.writeUInt16LE(entries.length, directory + 8)
  out.writeUInt16LE(entries.length, directory + 10)
  out.writeUInt32LE(directory - directoryAt, directory + 12)
  out.writeUInt32LE(directoryAt, directory + 16)
  return out
}

/** A local header (30 bytes) or, given where its local header is, a central directory entry (46), of a stored entry. */
function writeHeader(out: Buffer, at: number, signature: number, name: Uint8Array, crc: number, size: number, localAt?: number) {
  const central = localAt !== undefined
  const field = central ? 2 : 0
  out.writeUInt32LE(signature, at)
  if (central) out.writeUInt16LE(20, at + 4)
  out.writeUInt16LE(20, at + 4 + field)
  // Flags, method (0: stored), time and date stay 0.
  out.writeUInt32LE(crc >>> 0, at + 14 + field)
  out.writeUInt32LE(size, at + 18 + field)
  out.writeUInt32LE(size, at + 22 + field)
  out.writeUInt16LE(name.length, at + 26 + field)
  if (central) out.writeUInt32LE(localAt, at + 42)
  out.set(name, at + (central ? 46 : 30))
}

/**
 * Inflates an entry as a stream, handing each piece and where it goes to `take`, and answers how many bytes it
 * inflated to; answers null the moment that passes `most`, having stopped inflating. A stored entry is its own data.
 */
function inflated(bytes: Uint8Array, entry: ZipEntry, most: number, take: (piece: Uint8Array, offset: number) => void): Promise<number | null> {
  if (entry.flags & 0x1) return Promise.reject(new ZipRefused(`the zip archive's entry ${entry.name} is encrypted`))
  const data = entryData(bytes, entry)
  if (entry.method === 0) {
    if (data.length > most) return Promise.resolve(null)
    take(data, 0)
    return Promise.resolve(data.length)
  }
  if (entry.method !== 8) return Promise.reject(new ZipRefused(`the zip archive's entry ${entry.name} is compressed in a way workbooks are not (method ${entry.method})`))
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 256 * 1024 })
    let out = 0
    inflater.on('data', (piece: Buffer) => {
      if (out + piece.length > most) {
        inflater.destroy()
        resolve(null)
        return
      }
      take(piece, out)
      out += piece.length
    })
    inflater.on('end', () => resolve(out))
    inflater.on('error', (error) => reject(new ZipRefused(`the zip archive's entry ${entry.name} does not inflate (${error.message})`)))
    inflater.end(data)
  })
}
