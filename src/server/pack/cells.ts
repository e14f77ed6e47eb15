import * as XLSX from '@e965/xlsx'

/**
 * The cells the pack writes, each typed: numbers as numbers with a format, dates as dates, text as text. Nothing is
 * ever written as a formula: the pack writes no formula at all, and text a spreadsheet would run if it were typed
 * in (starting with = + - @, their full-width forms, a tab or a carriage return) is also given the text format,
 * so editing the cell keeps it text. Registries' names are data, and some begin with `=`.
 */
export type Cell = XLSX.CellObject | null

export const formats = {
  usd: '"$"#,##0.00',
  usdPerTonne: '"$"#,##0.00',
  tonnes: '#,##0',
  year: '0',
  score: '0.000',
  /** A shortlist's score as its page writes it (65%); the cell keeps the score itself (0.649). */
  shortlistScore: '0%',
  points: '0.0',
  /** A cap as the page writes it, to a hundredth of a point: "99.96%" read "100.0%" in the pack. */
  share: '0.00%',
  count: '#,##0',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
} as const

const runnable = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/

/** Excel holds at most this many characters in a cell. */
const maxCellChars = 32_767

export function text(value: string | null | undefined): Cell {
  if (value === null || value === undefined || value === '') return null
  const v = value.length > maxCellChars ? `${value.slice(0, maxCellChars - 1)}…` : value
  return runnable.test(v) ? { t: 's', v, z: '@' } : { t: 's', v }
}

export function number(value: number | null | undefined, format: string): Cell {
  return value === null || value === undefined || !Number.isFinite(value) ? null : { t: 'n', v: value, z: format }
}

/** A date as a spreadsheet's date (days since 1899-12-30, UTC), so it sorts and filters as one. */
export function date(value: Date | string | null | undefined, format: string = formats.date): Cell {
  if (value === null || value === undefined) return null
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime()
  return Number.isFinite(ms) ? { t: 'n', v: ms / 86_400_000 + 25_569, z: format } : null
}

/** A link to a web page; anything but an http(s) address stays plain text. */
export function link(url: string | null | undefined, label?: string): Cell {
  if (!url) return null
  const cell = text(label ?? url)
  return cell && /^https?:\/\//i.test(url) ? { ...cell, l: { Target: url } } : cell
}

export const yesNo = (value: boolean) => text(value ? 'yes' : 'no')

/**
 * A sheet of a header and rows, with column widths in characters. A table sheet (the default) gets a filter on its
 * header; a sheet of label and value rows does not.
 */
export function sheet(header: string[], rows: Cell[][], widths: number[], options: { table?: boolean } = {}): XLSX.WorkSheet {
  const worksheet = XLSX.utils.aoa_to_sheet([header.map(text), ...rows])
  worksheet['!cols'] = widths.map((wch) => ({ wch }))
  if (options.table !== false && rows.length > 0) {
    worksheet['!autofilter'] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: header.length - 1 } }) }
  }
  return worksheet
}
