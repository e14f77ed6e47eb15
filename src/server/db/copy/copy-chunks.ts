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

/** Rows per chunk: one COPY of a few thousand rows takes the embedded store about a tenth of a second. */
const rowsPerChunk = 5000

/** Characters per chunk, whatever its rows: the embedded store's memory grows to its largest statement. */
const charsPerChunk = 8 * 1024 * 1024

/** The rows' values in `columns` order, as lines of COPY's CSV, a chunk at a time. */
export function copyChunks<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): CopyChunks {
  const encoder = new TextEncoder()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let text = ''
  let inChunk = 0
  for (const row of rows) {
    text += copyLine(columns.map((column) => row[column]))
    if (++inChunk === rowsPerChunk || text.length >= charsPerChunk) {
      chunks.push(encoder.encode(text) as Uint8Array<ArrayBuffer>)
      text = ''
      inChunk = 0
    }
  }
  if (inChunk > 0) chunks.push(encoder.encode(text) as Uint8Array<ArrayBuffer>)
  return { columns, chunks }
}
