import { saveFile } from './save-file'

/**
 * CSV as RFC 4180 writes it (CRLF between records, fields quoted when they hold a quote, comma or line
 * break), and safe to open in a spreadsheet: a text cell that begins with = + - @ (or a tab or carriage
 * return) would be run as a formula, so it gets a leading single quote. Numbers are written as numbers,
 * since a spreadsheet reads `-3.5` as a value, not a formula.
 */
export type CsvCell = string | number | null | undefined

const formulaStart = /^[=+\-@\t\r]/
const needsQuotes = /[",\r\n]/

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = formulaStart.test(value) ? `'${value}` : value
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** Saves the text as a file. The byte-order mark makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(filename: string, text: string): void {
  saveFile(filename, new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }))
}
