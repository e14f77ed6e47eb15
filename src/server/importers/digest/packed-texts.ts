/**
 * Many short texts held as a few long ones and where each ends: a parsing worker hands a file's million ids,
 * fingerprints and COPY lines to the writing thread in a handful of strings and one typed array each, where a
 * million separate strings took seconds to copy between the threads on each side.
 */
export interface PackedTexts {
  /** Text i is in `texts[⌊i / textsPerPart⌋]` and ends at `ends[i]` there, where the one before it in that part ended. */
  texts: string[]
  ends: Uint32Array
}

/** Texts per part: a string has a length limit, and a file's lines run to hundreds of megabytes. */
const textsPerPart = 5000

/** Packs `count` texts, added in order. */
export class TextPacker {
  private readonly packed: PackedTexts
  private part = ''
  private added = 0

  constructor(count: number) {
    this.packed = { texts: [], ends: new Uint32Array(count) }
  }

  add(text: string) {
    if (this.added > 0 && this.added % textsPerPart === 0) {
      this.packed.texts.push(this.part)
      this.part = ''
    }
    this.part += text
    this.packed.ends[this.added++] = this.part.length
  }

  done(): PackedTexts {
    if (this.added > 0) this.packed.texts.push(this.part)
    this.part = ''
    return this.packed
  }
}

/** Text i of a pack. */
export function textAt(packed: PackedTexts, i: number): string {
  return packed.texts[Math.floor(i / textsPerPart)].slice(i % textsPerPart === 0 ? 0 : packed.ends[i - 1], packed.ends[i])
}

/** How many texts a pack holds. */
export const packedCount = (packed: PackedTexts) => packed.ends.length
