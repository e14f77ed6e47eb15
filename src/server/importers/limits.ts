/**
 * What a file may hold, checked against what it declares before anything is sized from it (CREDENCE_IMPORT_MAX_ROWS,
 * CREDENCE_IMPORT_MAX_CELL_CHARS): a footer or a sheet dimension is a claim, not a measure.
 */
export interface ImportLimits {
  maxRows: number
  maxCellChars: number
}
export const defaultImportLimits: ImportLimits = { maxRows: 2_000_000, maxCellChars: 1_048_576 }

/** A file beyond one of the import limits; the message names the limit. */
export class ImportLimitExceeded extends Error {}

export function checkRows(declared: number, limits: ImportLimits, what: string) {
  if (!(declared <= limits.maxRows)) {
    throw new ImportLimitExceeded(
      `${what} declares ${declared.toLocaleString('en')} rows, more than the ${limits.maxRows.toLocaleString('en')} an import may hold (CREDENCE_IMPORT_MAX_ROWS)`,
    )
  }
}

export function checkCell(value: unknown, limits: ImportLimits): unknown {
  if (typeof value === 'string' && value.length > limits.maxCellChars) {
    throw new ImportLimitExceeded(
      `a cell holds ${value.length.toLocaleString('en')} characters, more than the ${limits.maxCellChars.toLocaleString('en')} a cell may hold (CREDENCE_IMPORT_MAX_CELL_CHARS)`,
    )
  }
  return value
}
