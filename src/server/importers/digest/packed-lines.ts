/**
 * A file's COPY lines as UTF-8 bytes in one buffer, and where each ends. The parsing worker moves the buffer to
 * the writing thread rather than copying it (a quarter of a million lines as text took over a second to copy on
 * each side), and the writing thread hands COPY views of it, never turning the lines back into text.
 */
export interface PackedLines {
  bytes: Uint8Array<ArrayBuffer>
  /** Line i is `bytes` from `ends[i - 1]` (0 for the first) to `ends[i]`. */
  ends: Float64Array
}

/** Text gathered before it is set aside as one piece: a string has a length limit, and a file's lines run to hundreds of megabytes. */
const charsPerPiece = 1 << 22

/**
 * Packs `count` lines, added in order: gathered as text a piece at a time and encoded a piece at once (a line
 * written on its own, as the text it was formatted into, took twice as long).
 */
export class LinePacker {
  private readonly pieces: { text: string; first: number }[] = []
  private piece = ''
  private first = 0
  /** Where each line ends: within its piece, in characters, until `done` makes them offsets in bytes. */
  private readonly ends: Float64Array
  private added = 0

  constructor(count: number) {
    this.ends = new Float64Array(count)
  }

  add(line: string) {
    this.piece += line
    this.ends[this.added++] = this.piece.length
    if (this.piece.length >= charsPerPiece) this.setAside()
  }

  /** The lines in a buffer of their own, which the worker moves to the writing thread whole. */
  done(): PackedLines {
    this.setAside()
    const lengths = this.pieces.map((piece) => Buffer.byteLength(piece.text))
    const bytes = new Uint8Array(lengths.reduce((sum, length) => sum + length, 0))
    const encoder = new TextEncoder()
    let at = 0
    this.pieces.forEach((piece, p) => {
      const last = p + 1 < this.pieces.length ? this.pieces[p + 1].first : this.added
      encoder.encodeInto(piece.text, bytes.subarray(at))
      if (lengths[p] === piece.text.length) {
        // Only ASCII takes one byte a character: each line's end in characters is its end in bytes.
        for (let i = piece.first; i < last; i++) this.ends[i] += at
      } else {
        let from = 0
        let byte = at
        for (let i = piece.first; i < last; i++) {
          byte += Buffer.byteLength(piece.text.slice(from, this.ends[i]))
          from = this.ends[i]
          this.ends[i] = byte
        }
      }
      at += lengths[p]
    })
    this.pieces.length = 0
    return { bytes, ends: this.ends }
  }

  private setAside() {
    if (this.added > this.first) this.pieces.push({ text: this.piece, first: this.first })
    this.piece = ''
    this.first = this.added
  }
}

/** Line i of a pack, as a view of its bytes. */
export const lineAt = (packed: PackedLines, i: number) => packed.bytes.subarray(i === 0 ? 0 : packed.ends[i - 1], packed.ends[i])
