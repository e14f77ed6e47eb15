import { parseCsv, withoutControlCharacters } from '../csv'
import { RegistryFileError } from '../file-errors'
import { checkCell, checkRows, type ImportLimits } from '../limits'
import { unpackWorkbook } from '../unpack-workbook'
import { isZip, ZipRefused } from '../zip-limits'
import { sheetJs, type SheetJs } from '../sheetjs'

/** A registry export's table: its headers as normalised names, and its rows of text cells. */
export interface RegistryTable {
  headers: string[]
  /** Data rows, cells as text ('' for an empty one), in the file's order. */
  rows: string[][]
  /** The file's number of `rows[0]` among its data rows: 1, but for a slice of a larger file (`csv-slices.ts`). */
  firstRow: number
}

/**
 * Headers as the registries write them carry double and trailing spaces (`Program  Country`, `Status Effective
 * (GMT) `) and a byte order mark; spreadsheet leftovers (`Unnamed: 26`) become empty names that nothing reads.
 */
export function normaliseRegistryHeader(header: string): string {
  const name = header.replace(/^\uFEFF/, '').replace(/\s+/g, ' ').trim()
  return /^Unnamed: \d+$/.test(name) ? '' : name
}

/**
 * Reads an export as the registry publishes it (CSV) or as an analyst re-saved it (`.xlsx`), told apart by magic
 * bytes. CSV goes through Papa Parse (`../csv`): quoted line breaks, doubled quotes, CRLF and a BOM are all in real exports.
 * Control characters are removed from either (a NUL in a note once failed the whole file when it was stored). A
 * slice of a larger CSV (`../csv-slices.ts`: its header, then its rows from the file's row `firstRow`) is read as the
 * file would be, its rows numbered as the file numbers them.
 */
export async function readRegistryTable(bytes: Uint8Array, name: string, limits: ImportLimits, firstRow = 1): Promise<RegistryTable> {
  if (bytes.length === 0) throw new RegistryFileError(`${name} is empty`)
  const records = isZip(bytes) ? readWorkbook(await sheetJs(), await unpacked(bytes, name), name, limits) : readCsv(bytes, name, limits, firstRow - 1)
  const [header = [], ...rows] = records
  for (const row of rows) for (const cell of row) checkCell(cell, limits)
  return { headers: header.map(normaliseRegistryHeader), rows, firstRow }
}

/** `rowsBefore`: the file's data rows before these bytes' first, when they are a slice of it (its header, then its rows from there). */
function readCsv(bytes: Uint8Array, name: string, limits: ImportLimits, rowsBefore: number): string[][] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new RegistryFileError(`${name} is neither a workbook nor UTF-8 CSV text`)
  }
  let records: string[][]
  try {
    // Reading stops one record past the limit (and the header), so a file of ten million rows is refused having read the limit.
    records = parseCsv(text, { maxRecords: limits.maxRows + 2, rowsBefore })
  } catch (error) {
    throw new RegistryFileError(`${name} is not readable CSV: ${(error as Error).message}`)
  }
  checkRows(records.length - 1, limits, `${name}`)
  return records
}

/** The workbook with its entries inflated and counted (`unpackWorkbook`), or why it was refused. */
async function unpacked(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  try {
    return await unpackWorkbook(bytes)
  } catch (error) {
    if (error instanceof ZipRefused) throw new RegistryFileError(`the workbook ${name} was refused: ${error.message}`)
    throw error
  }
}

/** The first sheet of a workbook that comes unpacked, its entries stored as counted, so SheetJS inflates nothing. */
function readWorkbook(XLSX: SheetJs, bytes: Uint8Array, name: string, limits: ImportLimits): string[][] {
  let workbook: ReturnType<SheetJs['read']>
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: true, dense: true, cellHTML: false, cellFormula: false, sheetRows: limits.maxRows + 2 })
  } catch (error) {
    throw new RegistryFileError(`${name} is not a readable workbook (${(error as Error).message})`)
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0]]
  if (!sheet) throw new RegistryFileError(`the workbook ${name} has no sheet`)
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false })
  checkRows(table.length - 1, limits, `The first sheet of ${name}`)
  return table.map((row) => row.map(cellText))
}

/** A workbook cell as the CSV it was saved from wrote it: dates as ISO days, numbers without grouping, no control characters. */
function cellText(cell: unknown): string {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10)
  if (cell === null || cell === undefined) return ''
  return withoutControlCharacters(String(cell))
}
