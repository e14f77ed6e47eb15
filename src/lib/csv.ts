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
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
