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

/**
 * Characters per statement, whatever its rows: the embedded store's memory grows to the largest statement it was
 * given and never shrinks, and forty records whose beneficiary was a million characters, in one statement, left it
 * 930 MiB large for good (docs/memory-bounds.md). Rows of ordinary size never come near it.
 */
export const charsPerStatement = 8 * 1024 * 1024

/**
 * Rows as JSON arrays, a statement's worth each: `rowsPerStatement` rows, fewer where they pass
 * `charsPerStatement` (a row larger than that alone is a statement of its own). Each row is written out once.
 */
export function* jsonStatements(rows: readonly object[]): Generator<string> {
  let texts: string[] = []
  let chars = 0
  for (const row of rows) {
    const text = JSON.stringify(row)
    if (texts.length > 0 && (texts.length === rowsPerStatement || chars + text.length > charsPerStatement)) {
      yield `[${texts.join(',')}]`
      texts = []
      chars = 0
    }
    texts.push(text)
    chars += text.length + 1
  }
  if (texts.length > 0) yield `[${texts.join(',')}]`
}

export function jsonChunks(rows: readonly object[]): JsonChunks {
  const encoder = new TextEncoder()
  return { columns: rows.length > 0 ? Object.keys(rows[0]) : [], chunks: [...jsonStatements(rows)].map((text) => encoder.encode(text)) }
}
