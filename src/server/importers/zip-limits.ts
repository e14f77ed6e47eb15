/**
 * A workbook (.xlsx) is a zip archive. Before SheetJS inflates it, its central directory is read for the sizes
 * each entry declares once expanded, so a small file that would expand to gigabytes (a zip bomb) is refused
 * without being expanded. Only the directory is read here; inflating stays with SheetJS.
 */
export const maxWorkbookExpandedBytes = 512 * 1024 * 1024

/**
 * Comments and their drawings carry nothing an import reads, yet SheetJS parses them whole: one comment of
 * 500 MiB fits under the expansion limit. Beyond this size such an entry refuses the workbook.
 */
export const maxCommentEntryBytes = 16 * 1024 * 1024
const commentEntry = /(?:^|\/)(?:comments\d*|threadedComment\d*|vmlDrawing\d*)\.(?:xml|vml)$/i

const endOfDirectorySignature = 0x06054b50
const directoryEntrySignature = 0x02014b50
const zip64Marker = 0xffffffff

export class ZipRefused extends Error {}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/** The sum of the entries' declared expanded sizes; throws ZipRefused if it is beyond the limit or unreadable. */
export function checkZipExpansion(bytes: Uint8Array, limit = maxWorkbookExpandedBytes): number {
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
  const entries = view.getUint16(end + 10, true)
  let offset = view.getUint32(end + 16, true)
  let total = 0
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== directoryEntrySignature) {
      throw new ZipRefused('the zip archive\'s central directory is damaged')
    }
    const expanded = view.getUint32(offset + 24, true)
    if (expanded === zip64Marker) throw new ZipRefused('the zip archive declares an entry of 4 GiB or more')
    const nameLength = view.getUint16(offset + 28, true)
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength))
    if (expanded > maxCommentEntryBytes && commentEntry.test(name)) {
      throw new ZipRefused(
        `its comments (${name}) would expand to ${Math.round(expanded / 1024 / 1024)} MiB, more than the ${maxCommentEntryBytes / 1024 / 1024} MiB comments may take`,
      )
    }
    total += expanded
    if (total > limit) {
      throw new ZipRefused(
        `the zip archive would expand to more than ${limit / 1024 / 1024} MiB (a zip bomb, or not a workbook as Berkeley publishes it)`,
      )
    }
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
  }
  return total
}
