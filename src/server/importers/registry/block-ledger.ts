/** Blocks a chunk holds at most before it is split in two. */
const chunkSize = 512

/** Blocks in order of their first unit: a sorted run of a scope's blocks, split once it grows past `chunkSize`. */
interface Chunk<T> {
  firsts: Float64Array
  lasts: Float64Array
  holders: T[]
}

const emptyChunk = <T>(): Chunk<T> => ({ firsts: new Float64Array(chunkSize), lasts: new Float64Array(chunkSize), holders: [] })

/** The last index in `values[0, count)` whose value is at most `limit`, or -1. */
function lastAtMost(values: Float64Array, count: number, limit: number) {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >>> 1
    if (values[middle] <= limit) low = middle + 1
    else high = middle
  }
  return low - 1
}

/**
 * The blocks of serial numbers counted so far, by scope, with who holds each: a block is counted only where it
 * shares no unit with one counted before. The counted blocks of a scope never overlap, so ordered by their first
 * unit their last units are ordered too, and the one block that can overlap a new one is the last to begin at or
 * before the new one's end. Kept in chunks of a few hundred, so an export listed newest first (each block placed
 * before the others) inserts in constant time rather than moving a million numbers each time; blocks that come in
 * order (exports are listed by date, and units are numbered by it) fill their chunks rather than leave them half empty.
 */
export class BlockLedger<T> {
  private readonly scopes = new Map<string | number, Chunk<T>[]>()

  /** Who holds a counted block sharing a unit with `first`–`last` in the scope, if one does. */
  overlapping(scope: string | number, first: number, last: number): T | undefined {
    const chunks = this.scopes.get(scope)
    if (!chunks) return undefined
    const c = this.chunkBefore(chunks, last)
    if (c < 0) return undefined
    const chunk = chunks[c]
    const i = lastAtMost(chunk.firsts, chunk.holders.length, last)
    return chunk.lasts[i] >= first ? chunk.holders[i] : undefined
  }

  /** Counts a block; the caller has found it overlaps none. */
  add(scope: string | number, first: number, last: number, holder: T) {
    let chunks = this.scopes.get(scope)
    if (!chunks) this.scopes.set(scope, (chunks = [emptyChunk<T>()]))
    const c = Math.max(0, this.chunkBefore(chunks, first))
    const chunk = chunks[c]
    const count = chunk.holders.length
    const at = lastAtMost(chunk.firsts, count, first) + 1
    chunk.firsts.copyWithin(at + 1, at, count)
    chunk.lasts.copyWithin(at + 1, at, count)
    chunk.firsts[at] = first
    chunk.lasts[at] = last
    chunk.holders.splice(at, 0, holder)
    if (chunk.holders.length < chunkSize) return
    // A block past the scope's last starts a chunk of its own, and one before its first likewise: in-order blocks fill chunks.
    if (at === chunkSize - 1 && c === chunks.length - 1) chunks.push(split(chunk, chunkSize - 1))
    else if (at === 0 && c === 0) chunks.splice(1, 0, split(chunk, 1))
    else chunks.splice(c + 1, 0, split(chunk, chunkSize / 2))
  }

  /** The last chunk whose first block begins at or before `unit`, or -1. */
  private chunkBefore(chunks: Chunk<T>[], unit: number) {
    let low = 0
    let high = chunks.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const chunk = chunks[middle]
      if (chunk.holders.length === 0 || chunk.firsts[0] <= unit) low = middle + 1
      else high = middle
    }
    return low - 1
  }
}

/** Moves a full chunk's blocks from `at` on into a new chunk, which it answers; the chunk keeps those before. */
function split<T>(chunk: Chunk<T>, at: number): Chunk<T> {
  const upper = emptyChunk<T>()
  upper.firsts.set(chunk.firsts.subarray(at, chunkSize))
  upper.lasts.set(chunk.lasts.subarray(at, chunkSize))
  upper.holders = chunk.holders.splice(at)
  return upper
}
