import { copyLine } from './copy-line'

/**
 * Rows as COPY's CSV in UTF-8, a statement's worth per chunk, with the columns they are in: what a parsing worker
 * hands over of the many small rows an import replaces whole (a project's yearly history, its quality signals).
 * Bytes rather than strings, as JSON chunks are (`queries/json-chunks.ts`): a worker moves them without a copy.
 * Read by COPY, they spare the store parsing JSON row by row: Berkeley's 10,975 projects' signals took the
 * embedded store 2.3 s as JSON.
 */
export interface CopyChunks {
  columns: readonly string[]
  chunks: Uint8Array<ArrayBuffer>[]
}

/**
 * Rows per COPY: a few thousand make one statement of about a tenth of a second on the embedded store, which
 * answers other requests only between statements; larger blocks were no quicker. A chunk here, and a block of an
 * import's records (`queries/copy-rows.ts`), holds at most this many.
 */
export const rowsPerCopy = 5000

/**
 * Bytes per COPY, whatever its rows: the embedded store's memory grows to the largest statement it was given and
 * never shrinks, so a few thousand records of a megabyte each must not go in one.
 */
export const bytesPerCopy = 8 * 1024 * 1024

/** The rows' values in `columns` order, as lines of COPY's CSV, a chunk at a time. */
export function copyChunks<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): CopyChunks {
  const encoder = new TextEncoder()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let text = ''
  let inChunk = 0
  for (const row of rows) {
    text += copyLine(columns.map((column) => row[column]))
    // Counted in characters, as the JSON chunks are: text that is not ASCII may take up to three bytes a character.
    if (++inChunk === rowsPerCopy || text.length >= bytesPerCopy) {
      chunks.push(encoder.encode(text) as Uint8Array<ArrayBuffer>)
      text = ''
      inChunk = 0
    }
  }
  if (inChunk > 0) chunks.push(encoder.encode(text) as Uint8Array<ArrayBuffer>)
  return { columns, chunks }
}
