/** Rows as JSON text, a statement's worth per chunk, with the columns they carry (those of the first row). */
export interface JsonChunks {
  columns: string[]
  chunks: string[]
}

/** Rows per insert statement: far below PostgreSQL's bound-parameter limit, and short enough to let requests in between. */
export const rowsPerStatement = 1000

export function jsonChunks(rows: readonly object[], size = rowsPerStatement): JsonChunks {
  const chunks: string[] = []
  for (let i = 0; i < rows.length; i += size) chunks.push(JSON.stringify(rows.slice(i, i + size)))
  return { columns: rows.length > 0 ? Object.keys(rows[0]) : [], chunks }
}
