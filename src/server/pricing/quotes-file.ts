import { QuotesFileError } from '../importers/file-errors'
import { ImportLimitExceeded, type ImportLimits } from '../importers/limits'
import type { SkippedRow } from '../importers/registry/registry-record'
import { readRegistryTable } from '../importers/registry/read-table'
import { dayOf, quantityOf, textOf, vintageOf } from '../importers/registry/values'

/** The columns a quotes file holds, in any order and case; `vintage`, `quantity`, `supplier` and `valid_until` may be empty. */
export const quoteColumns = ['project_key', 'vintage', 'price_usd', 'quantity', 'supplier', 'valid_until'] as const

/** One quote as the file gives it, with the row it came from. */
export interface QuoteLine {
  row: number
  projectKey: string
  vintage: number | null
  priceUsd: number
  quantity: number | null
  supplier: string | null
  /** The last day the quote holds (YYYY-MM-DD), or null for no stated end. */
  validUntil: string | null
}

const header = (name: string) => name.toLowerCase().replace(/[\s-]+/g, '_')

/** A price as a buyer writes it: `12.5`, `$12.50`, `1,250`. */
const priceOf = (text: string) => quantityOf(text.replace(/^\s*(US)?\$\s*/i, ''))

/**
 * Reads a buyer's quotes (CSV, or a workbook saved from one) into quote lines. A row that cannot be read is
 * skipped with its row number and why; a file without the columns fails, naming what it expected.
 */
export async function readQuotesFile(bytes: Uint8Array, name: string, limits: ImportLimits): Promise<{ quotes: QuoteLine[]; skipped: SkippedRow[] }> {
  let table
  try {
    table = await readRegistryTable(bytes, name, limits)
  } catch (error) {
    // A file past a limit is too large, not of another shape: the run says so (file_too_large).
    if (error instanceof ImportLimitExceeded) throw error
    throw new QuotesFileError((error as Error).message)
  }
  const headers = table.headers.map(header)
  const missing = quoteColumns.filter((column) => !headers.includes(column))
  if (missing.length > 0) {
    throw new QuotesFileError(`${name} is not a quotes file: it lacks ${missing.join(', ')} (expected the columns ${quoteColumns.join(', ')})`)
  }
  const at = Object.fromEntries(quoteColumns.map((column) => [column, headers.indexOf(column)])) as Record<(typeof quoteColumns)[number], number>
  const quotes: QuoteLine[] = []
  const skipped: SkippedRow[] = []
  for (const [index, cells] of table.rows.entries()) {
    // The header is row 1, so the first quote is row 2, as a spreadsheet numbers it.
    const row = index + 2
    const skip = (reason: string) => skipped.push({ row, reason })
    const cell = (column: (typeof quoteColumns)[number]) => (cells[at[column]] ?? '').trim()
    const shown = (column: (typeof quoteColumns)[number]) => `${column} "${cell(column).slice(0, 40)}"`
    const projectKey = cell('project_key').toUpperCase()
    const priceUsd = priceOf(cell('price_usd'))
    const vintage = cell('vintage') === '' ? null : vintageOf(cell('vintage'))
    const quantity = cell('quantity') === '' ? null : quantityOf(cell('quantity'))
    const validUntil = cell('valid_until') === '' ? null : dayOf(cell('valid_until'), 'mdy')
    if (!projectKey) skip('no project_key')
    else if (priceUsd === null || !(priceUsd > 0)) skip(`${shown('price_usd')} is not a price above zero`)
    else if (cell('vintage') !== '' && vintage === null) skip(`${shown('vintage')} is not a year`)
    else if (cell('quantity') !== '' && !(quantity !== null && quantity > 0)) skip(`${shown('quantity')} is not a number of tonnes above zero`)
    else if (cell('valid_until') !== '' && validUntil === null) skip(`${shown('valid_until')} is not a day`)
    else quotes.push({ row, projectKey, vintage, priceUsd, quantity, supplier: textOf(cell('supplier')), validUntil })
  }
  if (quotes.length === 0) {
    const why = skipped[0] ? ` (row ${skipped[0].row}: ${skipped[0].reason})` : ''
    throw new QuotesFileError(`${name} holds no quote Credence can read${why}`)
  }
  return { quotes, skipped }
}
