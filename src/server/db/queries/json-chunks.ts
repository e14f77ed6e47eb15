import { chunked, rowsPerStatement } from './chunks'

/**
 * Rows as JSON text in UTF-8, a statement's worth per chunk, with the columns they carry (those of the first row).
 * Bytes rather than strings: a worker hands them over without a copy, and each is decoded only when written.
 */
export interface JsonChunks {
  columns: string[]
  chunks: Uint8Array[]
}

export function jsonChunks(rows: readonly object[], size = rowsPerStatement): JsonChunks {
  const encoder = new TextEncoder()
  return { columns: rows.length > 0 ? Object.keys(rows[0]) : [], chunks: chunked(rows, size).map((chunk) => encoder.encode(JSON.stringify(chunk))) }
}
