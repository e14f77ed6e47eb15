/**
 * A workbook (.xlsx) is a zip archive. What its entries may expand to is limited twice: by the sizes its central
 * directory declares, read here before anything is inflated, and by what they really inflate to, counted as they
 * are inflated (`unpack-workbook.ts`), since a size is a claim: an archive whose entries declare 0 bytes can hold
 * gigabytes.
 */
export const maxWorkbookExpandedBytes = 512 * 1024 * 1024

/**
 * Comments and their drawings carry nothing an import reads, yet SheetJS parses them whole: one comment of
 * 500 MiB fits under the expansion limit. Beyond this size such an entry refuses the workbook.
 */
export const maxCommentEntryBytes = 16 * 1024 * 1024
const commentEntry = /(?:^|\/)(?:comments\d*|threadedComment\d*|vmlDrawing\d*)\.(?:xml|vml)$/i
export const isCommentEntry = (name: string) => commentEntry.test(name)

const endOfDirectorySignature = 0x06054b50
const directoryEntrySignature = 0x02014b50
const zip64Marker = 0xffffffff

export class ZipRefused extends Error {}

/** Why an archive expanding past `limit` bytes is refused; `declared` when its directory said so. */
export const expansionRefused = (limit: number, how: 'declared' | 'inflated') =>
  new ZipRefused(
    how === 'declared'
      ? `the zip archive would expand to more than ${limit / 1024 / 1024} MiB (a zip bomb, or not a workbook as Berkeley publishes it)`
      : `the zip archive's entries, inflated, expand to more than ${limit / 1024 / 1024} MiB whatever their headers declare (a zip bomb, or not a workbook as Berkeley publishes it)`,
  )

export const commentRefused = (name: string, bytes: number | null) =>
  new ZipRefused(
    `its comments (${name}) would expand to ${bytes === null ? 'more than that' : `${Math.round(bytes / 1024 / 1024)} MiB`}, more than the ${maxCommentEntryBytes / 1024 / 1024} MiB comments may take`,
  )

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/** An entry as the central directory lists it. */
export interface ZipEntry {
  name: string
  /** The name as the archive writes it, to be written again as it was. */
  nameBytes: Uint8Array
  /** 0 stored, 8 deflated. */
  method: number
  flags: number
  compressedSize: number
  declaredSize: number
  /** Where the entry's local header starts. */
  localOffset: number
}

/**
 * The entries the central directory lists, once the sizes it declares are checked against the limit; throws
 * ZipRefused if they are beyond it or the directory is unreadable.
 */
export function zipEntries(bytes: Uint8Array, limit = maxWorkbookExpandedBytes): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-directory record sits in the last 22 bytes plus a comment of up to 65,535.
  let end = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === endOfDirectorySignature) {
      end = i
      break
    }
  }
  if (end < 0) throw new ZipRefused('the zip archive has no central directory (truncated or damaged)')
  const count = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  let total = 0
  const entries: ZipEntry[] = []
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== directoryEntrySignature) {
      throw new ZipRefused('the zip archive\'s central directory is damaged')
    }
    const compressedSize = view.getUint32(offset + 20, true)
    const declaredSize = view.getUint32(offset + 24, true)
    if (declaredSize === zip64Marker || compressedSize === zip64Marker) throw new ZipRefused('the zip archive declares an entry of 4 GiB or more')
    const nameLength = view.getUint16(offset + 28, true)
    const nameBytes = bytes.slice(offset + 46, offset + 46 + nameLength)
    const name = new TextDecoder().decode(nameBytes)
    if (declaredSize > maxCommentEntryBytes && isCommentEntry(name)) throw commentRefused(name, declaredSize)
    total += declaredSize
    if (total > limit) throw expansionRefused(limit, 'declared')
    entries.push({
      name,
      nameBytes,
      method: view.getUint16(offset + 10, true),
      flags: view.getUint16(offset + 8, true),
      compressedSize,
      declaredSize,
      localOffset: view.getUint32(offset + 42, true),
    })
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
  }
  return entries
}

/** An entry's data as stored in the archive: after its local header, as long as the central directory says. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const at = entry.localOffset
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new ZipRefused(`the zip archive's entry ${entry.name} is damaged`)
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
  if (start + entry.compressedSize > bytes.length) throw new ZipRefused(`the zip archive's entry ${entry.name} runs past its end (truncated or damaged)`)
  return bytes.subarray(start, start + entry.compressedSize)
}
