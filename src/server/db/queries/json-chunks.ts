/**
 * Rows as JSON text in UTF-8, a statement's worth per chunk, with the columns they carry (those of the first row).
 * Bytes rather than strings: a worker hands them over without a copy, and each is decoded only when written.
 */
export interface JsonChunks {
  columns: string[]
  chunks: Uint8Array[]
}

/**
 * Rows per insert statement: few enough that one statement takes tens of milliseconds on the embedded store,
 * which answers requests only between statements.
 */
export const rowsPerStatement = 500

export function jsonChunks(rows: readonly object[], size = rowsPerStatement): JsonChunks {
  const encoder = new TextEncoder()
  const chunks: Uint8Array[] = []
  for (let i = 0; i < rows.length; i += size) chunks.push(encoder.encode(JSON.stringify(rows.slice(i, i + size))))
  return { columns: rows.length > 0 ? Object.keys(rows[0]) : [], chunks }
}
