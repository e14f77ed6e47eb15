import { open, readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import { parseCsv } from './csv'

/**
 * One row of Berkeley's Voluntary Registry Offsets Database, keyed by its header with whitespace normalised
 * (`"Total Credits \nIssued"` becomes `"Total Credits Issued"`, `"Project Registered "` becomes
 * `"Project Registered"`). Values are as the file gives them: strings, numbers, `Date`s from the parquet's
 * timestamp columns, or null for an empty cell. The per-year blocks and spreadsheet leftovers are left out.
 */
export type VrodRow = Record<string, unknown>

/** Reads the database as published (parquet) or as a CSV export of it, told apart by magic bytes or extension. */
export async function readVrodFile(path: string): Promise<VrodRow[]> {
  return (await isParquet(path)) ? readParquet(path) : readCsv(path)
}

export function normaliseHeader(header: string): string {
  return header.replace(/\s+/g, ' ').trim()
}

/**
 * Columns that carry nothing a project record needs: four unlabelled blocks of per-year credit counts
 * (`1996`…`2025`, then `.1`, `.2`, `.3`, plus `Year Unknown`), and helper columns of Berkeley's workbook.
 */
export function isJunkColumn(header: string): boolean {
  return (
    /^\d{4}(\.\d+)?$/.test(header) ||
    /^Unnamed: \d+$/.test(header) ||
    header === 'Year Unknown' ||
    header.startsWith('1st issuance yr')
  )
}

const PARQUET_MAGIC = 'PAR1'

async function isParquet(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0)
    if (bytesRead === 4 && buffer.toString('latin1') === PARQUET_MAGIC) return true
  } finally {
    await handle.close()
  }
  // A damaged parquet file should fail in the parquet reader, with its message, not as garbled CSV.
  return extname(path).toLowerCase() === '.parquet'
}

async function readParquet(path: string): Promise<VrodRow[]> {
  const file = await asyncBufferFromFile(path)
  const metadata = await parquetMetadataAsync(file)
  const columns = parquetSchema(metadata)
    .children.map((column) => column.element.name)
    .filter((name) => !isJunkColumn(normaliseHeader(name)))
  const rows = await parquetReadObjects({ file, metadata, columns, compressors })
  return rows.map((row) => {
    const out: VrodRow = {}
    for (const name of columns) {
      const key = normaliseHeader(name)
      if (!(key in out)) out[key] = fromParquet(row[name])
    }
    return out
  })
}

/** Credit totals are INT64; within 2^53 they become numbers, beyond it decimal strings so no digit is lost. */
function fromParquet(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString()
  }
  return value ?? null
}

async function readCsv(path: string): Promise<VrodRow[]> {
  const [header = [], ...records] = parseCsv(await readFile(path, 'utf8'))
  const columns: { index: number; key: string }[] = []
  const seen = new Set<string>()
  header.forEach((name, index) => {
    const key = normaliseHeader(name)
    // pandas writes its index as an unnamed first column; it is not data.
    if (key === '' || isJunkColumn(key) || seen.has(key)) return
    seen.add(key)
    columns.push({ index, key })
  })
  return records.map((record) => {
    const out: VrodRow = {}
    for (const { index, key } of columns) {
      const cell = record[index]
      out[key] = cell === undefined || cell === '' ? null : cell
    }
    return out
  })
}
