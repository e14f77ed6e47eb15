import { readFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { WorkSheet } from '@e965/xlsx'
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import { parseCsv } from './csv'
import { VrodFileError } from './file-errors'
import { unpackWorkbook } from './unpack-workbook'
import { isZip, ZipRefused } from './zip-limits'
import { sheetJs, type SheetJs } from './sheetjs'
import { checkCell, checkRows, defaultImportLimits, type ImportLimits } from './limits'

/**
 * One row of Berkeley's Voluntary Registry Offsets Database, keyed by its header with whitespace normalised
 * (`"Total Credits \nIssued"` becomes `"Total Credits Issued"`, `"Project Registered "` becomes
 * `"Project Registered"`). Values are as the file gives them: strings, numbers, `Date`s from the parquet's
 * timestamp columns and the workbook's date cells, or null for an empty cell. The per-year blocks are kept
 * under keys of their own (`creditYearColumn`); spreadsheet leftovers are left out.
 */
export type VrodRow = Record<string, unknown>

/**
 * Berkeley's four blocks of per-year columns, in the order the file gives them: issued by vintage, retired by year
 * of retirement, remaining by vintage, issued by year of issuance. The file does not label them; each was told by
 * its sums (the third sums to `Total Credits Remaining` in every row that fills it, and never exceeds what was
 * issued of its vintage). Each block repeats the years `1996`…`2025`; the parquet (written by pandas) suffixes
 * repeats `.1`, `.2`, `.3`, while the workbook and its CSV exports repeat the bare year.
 */
export const creditBlocks = ['issued_by_vintage', 'retired_in_year', 'remaining_by_vintage', 'issued_in_year'] as const
export type CreditBlock = (typeof creditBlocks)[number]

export const creditYearColumn = (block: CreditBlock, year: number) => `@${block}:${year}`

export interface VrodRead {
  rows: VrodRow[]
  format: 'parquet' | 'xlsx' | 'csv'
  /** An as-of date the contents state (a workbook's title row, `v2025-12`), when they state one. */
  contentAsOf: Date | null
}

/** The headers a projects table must have; without them a file is not Berkeley's database. */
export const requiredHeaders = ['Project ID', 'Project Name', 'Voluntary Registry'] as const

/** Reads the database from a file on disk (as CREDENCE_VROD_FILE names it). */
export async function readVrodFile(path: string): Promise<VrodRow[]> {
  return (await readVrodBytes(await readFile(path), basename(path))).rows
}

/**
 * Reads the database as Berkeley publishes it (`.xlsx`), as republished (`.parquet`), or as a CSV export of
 * either, told apart by magic bytes, then by the name's extension.
 */
export async function readVrodBytes(bytes: Uint8Array, name: string, limits: ImportLimits = defaultImportLimits): Promise<VrodRead> {
  const extension = extname(name).toLowerCase()
  if (bytes.length === 0) throw new VrodFileError('the file is empty')
  if (hasParquetMagic(bytes) || extension === '.parquet') return { rows: await readParquet(bytes, limits), format: 'parquet', contentAsOf: null }
  if (isZip(bytes) || extension === '.xlsx' || extension === '.xls') return { ...readWorkbook(await sheetJs(), await unpacked(bytes), limits), format: 'xlsx' }
  return { rows: readCsv(bytes, limits), format: 'csv', contentAsOf: null }
}

export function normaliseHeader(header: string): string {
  return header.replace(/\s+/g, ' ').trim()
}

/** Helper columns of Berkeley's workbook and the index pandas writes: they carry nothing a project needs. */
export function isJunkColumn(header: string): boolean {
  return /^Unnamed: \d+$/.test(header) || header === 'Year Unknown' || header.startsWith('1st issuance yr')
}

/**
 * Maps a table's headers to row keys: names normalised, per-year columns to their block by suffix or by
 * which repeat of the year they are, junk and repeated names dropped.
 */
export function keysOf(headers: readonly string[]): (string | null)[] {
  const seen = new Set<string>()
  const repeats = new Map<string, number>()
  return headers.map((header) => {
    const name = normaliseHeader(header)
    const year = /^(\d{4})(?:\.0)?(?:\.(\d))?$/.exec(name)
    if (year) {
      const nth = year[2] !== undefined ? Number(year[2]) : (repeats.get(year[1]) ?? 0)
      repeats.set(year[1], nth + 1)
      const block = creditBlocks[nth]
      return block ? creditYearColumn(block, Number(year[1])) : null
    }
    if (name === '' || isJunkColumn(name) || seen.has(name)) return null
    seen.add(name)
    return name
  })
}

function requireHeaders(keys: readonly (string | null)[], what: string) {
  const missing = requiredHeaders.filter((h) => !keys.includes(h))
  if (missing.length > 0) {
    throw new VrodFileError(`${what} has no ${missing.map((h) => `"${h}"`).join(', ')} column: it is not Berkeley's projects table`)
  }
}

const PARQUET_MAGIC = [0x50, 0x41, 0x52, 0x31]
/** Parquet's magic at `at`: a file begins with it, and ends with it after its footer. */
const hasParquetMagic = (bytes: Uint8Array, at = 0) => PARQUET_MAGIC.every((b, i) => bytes[at + i] === b)

const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : (bytes.slice().buffer as ArrayBuffer)

async function readParquet(bytes: Uint8Array, limits: ImportLimits): Promise<VrodRow[]> {
  // A parquet file ends as it begins, with its magic after the footer: a file that begins so and ends otherwise was
  // cut short, as an upload or a download stopped partway (the reader's own words were "footer != PAR1").
  if (hasParquetMagic(bytes) && !hasParquetMagic(bytes, bytes.length - PARQUET_MAGIC.length)) {
    throw new VrodFileError('the parquet file is cut short: it begins as parquet but does not end with its footer, as when an upload or a download stops partway. Upload the whole file again')
  }
  // Named .parquet but not one at all (a text file renamed): said in words, not in the reader's "footer != PAR1".
  if (!hasParquetMagic(bytes)) throw new VrodFileError('it is not a readable parquet file: it does not begin as one, so it is another kind of file named .parquet. Check it is the file you meant')
  const file = arrayBufferOf(bytes)
  let metadata
  try {
    metadata = parquetMetadata(file)
  } catch (error) {
    throw new VrodFileError(`it is not a readable parquet file (${(error as Error).message})`)
  }
  const names = parquetSchema(metadata).children.map((column) => column.element.name)
  const keys = keysOf(names)
  requireHeaders(keys, 'The parquet file')
  const columns = names.flatMap((name, i) => (keys[i] === null ? [] : [{ name, key: keys[i]! }]))
  // The footer's row count sizes the rows below: a few hundred bytes may declare 10^12 of them.
  checkRows(Number(metadata.num_rows), limits, 'The parquet file')
  for (const group of metadata.row_groups) checkRows(Number(group.num_rows), limits, 'A row group of the parquet file')
  const rows: VrodRow[] = Array.from({ length: Number(metadata.num_rows) }, () => ({}))
  // Column by column, yielding between columns: reading ten thousand rows of 168 columns whole holds the event
  // loop for seconds, long enough for the API's keep-alive connections to be cut while a run imports.
  for (const { name, key } of columns) {
    let values: Record<string, unknown>[]
    try {
      values = await parquetReadObjects({ file, metadata, columns: [name], compressors })
    } catch (error) {
      throw new VrodFileError(`the parquet file is damaged (${(error as Error).message})`)
    }
    values.forEach((value, i) => {
      if (rows[i]) rows[i][key] = checkCell(fromParquet(value[name]), limits)
    })
    await new Promise((resolve) => setImmediate(resolve))
  }
  return rows
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

function readCsv(bytes: Uint8Array, limits: ImportLimits): VrodRow[] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new VrodFileError('it is neither a parquet file, a workbook nor UTF-8 CSV text')
  }
  let records: string[][]
  try {
    records = parseCsv(text)
  } catch (error) {
    throw new VrodFileError(`it is not readable CSV: ${(error as Error).message}`)
  }
  checkRows(records.length - 1, limits, 'The CSV file')
  const [header = [], ...data] = records
  const keys = keysOf(header)
  requireHeaders(keys, 'The CSV file')
  return data.map((record) => rowOf(keys, record, limits))
}

/** One record keyed by the header's names; a column left out (null key) is dropped, an empty cell is null. */
function rowOf(keys: readonly (string | null)[], record: readonly unknown[], limits: ImportLimits): VrodRow {
  // Keys come from the file's header: a null prototype keeps a `__proto__` column an ordinary key.
  const out: VrodRow = Object.create(null) as VrodRow
  keys.forEach((key, index) => {
    if (key === null) return
    const cell = record[index]
    out[key] = cell === undefined || cell === '' ? null : checkCell(cell, limits)
  })
  return out
}

/** The workbook with its entries inflated and counted (`unpackWorkbook`), or why it was refused. */
async function unpacked(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await unpackWorkbook(bytes)
  } catch (error) {
    if (error instanceof ZipRefused) throw new VrodFileError(`the workbook was refused: ${error.message}`)
    throw error
  }
}

/**
 * Berkeley's workbook has several sheets (a read-me, the projects, lookups); the projects sheet is the one whose
 * header row holds the required headers, wherever that row starts (title rows above it are allowed). The workbook
 * comes unpacked, its entries stored as counted, so SheetJS inflates nothing.
 */
function readWorkbook(XLSX: SheetJs, bytes: Uint8Array, limits: ImportLimits): { rows: VrodRow[]; contentAsOf: Date | null } {
  let workbook: ReturnType<SheetJs['read']>
  try {
    // sheetRows stops SheetJS at the row limit (and a few title rows) whatever a sheet's dimension declares.
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      cellDates: true,
      dense: true,
      cellHTML: false,
      cellFormula: false,
      sheetRows: limits.maxRows + titleRows + 1,
    })
  } catch (error) {
    throw new VrodFileError(`it is not a readable workbook (${(error as Error).message})`)
  }
  for (const sheetName of workbook.SheetNames) {
    const sheet = workbook.Sheets[sheetName]
    if (!sheet) continue
    fitRange(XLSX, sheet, limits)
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: false })
    const headerAt = table.findIndex((row) => {
      const cells = row.map((c) => (typeof c === 'string' ? normaliseHeader(c) : ''))
      return requiredHeaders.every((h) => cells.includes(h))
    })
    if (headerAt < 0) continue
    const keys = keysOf(table[headerAt].map((c) => (c === null || c === undefined ? '' : String(c))))
    const rows = table.slice(headerAt + 1).map((record) => rowOf(keys, record, limits))
    return { rows, contentAsOf: asOfInText(table.slice(0, headerAt).flat().filter((c) => typeof c === 'string').join(' ')) }
  }
  throw new VrodFileError(
    `no sheet of the workbook has a header row with ${requiredHeaders.map((h) => `"${h}"`).join(', ')}: it is not Berkeley's projects table`,
  )
}

/** Rows a sheet may have above its header (Berkeley's title and notes). */
const titleRows = 50

/**
 * A sheet's dimension (`!ref`) is what the file declares; SheetJS walks every cell it spans. The range is cut to
 * the rows the sheet really holds, and a sheet that holds more than the limit fails the import.
 */
function fitRange(XLSX: SheetJs, sheet: WorkSheet, limits: ImportLimits) {
  const declared = sheet['!fullref'] ?? sheet['!ref']
  if (declared) checkRows(XLSX.utils.decode_range(declared).e.r - titleRows, limits, 'A sheet of the workbook')
  const data = (sheet as { '!data'?: unknown[] })['!data']
  if (!sheet['!ref'] || !data) return
  const range = XLSX.utils.decode_range(sheet['!ref'])
  range.e.r = Math.min(range.e.r, data.length - 1)
  range.e.c = Math.min(range.e.c, 16_383)
  sheet['!ref'] = XLSX.utils.encode_range(range)
}

/** The last day of the month a release names (`v2025-12` → 2025-12-31, `v2024-06` → 2024-06-30). */
export function asOfInText(text: string): Date | null {
  const release = /(?:^|[^0-9])v?(\d{4})-(0[1-9]|1[0-2])(?![0-9])/i.exec(text)
  if (!release) return null
  const year = Number(release[1])
  if (year < 1990 || year > 2100) return null
  return new Date(Date.UTC(year, Number(release[2]), 0))
}
