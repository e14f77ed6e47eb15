/** A CSV file's header followed by some of its rows: read alone, it reads as those rows of the whole file do. */
export interface CsvSlice {
  /** The header's bytes, then the slice's rows: a buffer of its own, to be moved to the worker that reads it. */
  bytes: Uint8Array
  /** The file's number of the slice's first row, counted among data rows as the reader counts them (from 1). */
  firstRow: number
  /** The slice's data rows; blank lines, which the reader skips, are not counted. */
  rows: number
}

const quote = 0x22
const comma = 0x2c
const lineFeed = 0x0a
const carriageReturn = 0x0d
const tab = 0x09

/** A control character the reader removes before it parses (`withoutControlCharacters` in `csv.ts`): here too it counts for nothing. */
const removed = (byte: number) => byte < 0x20 && byte !== tab && byte !== lineFeed && byte !== carriageReturn

/**
 * Finds where records end in a CSV file's bytes as Papa Parse reads them (`parseCsv`): a quote opens a quoted field
 * only where a field begins, a quoted field holds commas and line breaks, a doubled quote within it is a quote, and
 * a line ends at LF, CRLF or a lone CR. A blank record (nothing, or a lone `""`, once control characters are
 * removed) is one the reader skips. UTF-8 never uses the bytes of a quote, a comma or a line break inside another
 * character, so the bytes are scanned as they are, without decoding.
 */
class RecordScanner {
  /** Where the last record scanned ends: past its line break, or at the end of the bytes. */
  end = 0
  /** Whether the last record scanned is blank. */
  blank = true

  constructor(private readonly bytes: Uint8Array) {}

  /**
   * Scans the record that begins at `start`. Most bytes of an export are letters and digits, which only make the
   * record not blank: they are passed over by one comparison, and a quoted field's body is crossed by `indexOf` to
   * its next quote (the bytes between are looked at only if the first of them is a control character the reader
   * removes). A 65 MB export of 250,000 rows took 270 to 430 ms scanned byte by byte, and 125 to 195 ms so (sixteen
   * passes each, 29 Nov 2026), on the thread that answers requests while a run reads.
   */
  next(start: number) {
    const bytes = this.bytes
    const length = bytes.length
    // What the reader keeps of the record, as far as blankness needs it: how many bytes (counted up to 3), and
    // whether they are all quotes (a lone `""` is a blank record).
    let kept = 0
    let quotesOnly = true
    let fieldStart = true
    let i = start
    while (i < length) {
      const byte = bytes[i]
      if (byte > quote && byte !== comma) {
        kept = 3
        quotesOnly = false
        fieldStart = false
        i++
        continue
      }
      if (byte === lineFeed || byte === carriageReturn) {
        this.end = byte === carriageReturn && bytes[i + 1] === lineFeed ? i + 2 : i + 1
        this.blank = kept === 0 || (kept === 2 && quotesOnly)
        return
      }
      i++
      if (removed(byte)) continue
      if (kept < 3) kept++
      if (byte !== quote) {
        quotesOnly = false
        fieldStart = byte === comma
        continue
      }
      if (!fieldStart) continue
      // A quoted field: its body runs to a quote that no second quote follows (control characters between the two
      // removed), holding commas and line breaks.
      for (;;) {
        const closing = bytes.indexOf(quote, i)
        if (closing < 0) {
          // Never closed: the record runs to the end of the bytes, which the reader refuses.
          if (this.keepsAny(i, length)) {
            kept = 3
            quotesOnly = false
          }
          this.end = length
          this.blank = kept === 0 || (kept === 2 && quotesOnly)
          return
        }
        if (this.keepsAny(i, closing)) {
          kept = 3
          quotesOnly = false
        }
        if (kept < 3) kept++
        i = closing + 1
        while (i < length && removed(bytes[i])) i++
        if (bytes[i] !== quote) break
        // A doubled quote: a quote in the field, which goes on.
        if (kept < 3) kept++
        i++
      }
      fieldStart = false
    }
    // The last record, with no line break after it.
    this.end = length
    this.blank = kept === 0 || (kept === 2 && quotesOnly)
  }

  /** Whether the bytes from `from` to `to` hold one the reader keeps (not a control character it removes). */
  private keepsAny(from: number, to: number) {
    for (let j = from; j < to; j++) if (!removed(this.bytes[j])) return true
    return false
  }
}

/**
 * A CSV file in slices of at least `sliceBytes` (but the last), each cut where a record ends and carrying the
 * file's header, found as they are asked for: a file is scanned once, cheaply on its bytes, and parsed only in
 * its slices. The header is the first record that is not blank, as the reader takes it, with the byte order mark
 * and blank lines before it; a file that is all header is one slice.
 */
export function* csvSlices(bytes: Uint8Array, sliceBytes: number): Generator<CsvSlice> {
  const scanner = new RecordScanner(bytes)
  // A byte order mark is no part of the first field (the reader's decoding drops it): the header keeps it.
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  do {
    scanner.next(at)
    at = scanner.end
  } while (scanner.blank && at < bytes.length)
  const header = bytes.subarray(0, at)
  let firstRow = 1
  let sliced = false
  while (at < bytes.length || !sliced) {
    const start = at
    let rows = 0
    while (at < bytes.length && at - start < sliceBytes) {
      scanner.next(at)
      at = scanner.end
      if (!scanner.blank) rows++
    }
    const slice = new Uint8Array(header.length + at - start)
    slice.set(header)
    slice.set(bytes.subarray(start, at), header.length)
    yield { bytes: slice, firstRow, rows }
    sliced = true
    firstRow += rows
  }
}
