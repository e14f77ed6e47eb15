import { charsPerStatement, rowsPerStatement } from './chunks'

/**
 * Rows as JSON text in UTF-8, a statement's worth per chunk, with the columns they carry (those of the first row).
 * Bytes rather than strings: a worker hands them over without a copy, and each is decoded only when written.
 */
export interface JsonChunks {
  columns: string[]
  chunks: Uint8Array[]
}

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
