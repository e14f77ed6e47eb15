import Papa from 'papaparse'

/**
 * C0 control characters other than tab, line feed and carriage return. A NUL or an escape in a note is an export's
 * accident, never a value: PostgreSQL cannot store a NUL in text at all, so one left in failed a whole import.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g

/** Text with its control characters (but tab and line breaks) removed. */
export const withoutControlCharacters = (text: string) => text.replace(controlCharacters, '')

/**
 * RFC 4180 CSV, through Papa Parse: fields separated by commas, quoted fields holding commas, line breaks and
 * doubled quotes, a UTF-8 byte order mark dropped. Line breaks may be CRLF, LF or a lone CR, mixed in one file as
 * hand-edited exports mix them: they are made LF first (one inside a quoted field too, which changes no value a
 * reader compares). Blank lines carry no record; a row of empty fields is kept. `maxRecords` stops reading there,
 * so a file of ten million rows is refused having read the limit. A quote left open, or text after a closing
 * quote, is an error naming the record, not a guess; `rowsBefore` numbers records after the first as a whole file
 * does when the text is its header and a slice of its rows (`csv-slices.ts`). Control characters are removed first
 * (`withoutControlCharacters`).
 */
export function parseCsv(text: string, options: { maxRecords?: number; rowsBefore?: number } = {}): string[][] {
  const clean = withoutControlCharacters(text)
  const lines = clean.includes('\r') ? clean.replace(/\r\n?/g, '\n') : clean
  const { data, errors } = Papa.parse<string[]>(lines, { delimiter: ',', newline: '\n', quoteChar: '"', skipEmptyLines: true, preview: options.maxRecords ?? 0 })
  const quoting = errors.find((error) => error.type === 'Quotes')
  if (quoting) {
    const inText = (quoting.row ?? 0) + 1
    const record = inText > 1 ? inText + (options.rowsBefore ?? 0) : inText
    throw new Error(
      quoting.code === 'MissingQuotes'
        ? `the quoted field in record ${record} is never closed`
        : `unexpected text after a closing quote in record ${record}`,
    )
  }
  return data
}
