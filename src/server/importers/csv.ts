/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF or a lone CR are accepted too, as exports from
 * spreadsheets and pandas use them), fields in double quotes may hold commas, line breaks and doubled quotes.
 * A leading UTF-8 byte order mark is dropped, since spreadsheet exports add one that would otherwise stick to
 * the first header.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let i = text.charCodeAt(0) === BOM ? 1 : 0
  let line = 1

  const endField = () => {
    record.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    // A blank line carries no record; keeping it would turn into a row of one empty cell.
    if (record.length > 1 || record[0] !== '') records.push(record)
    record = []
  }

  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code === QUOTE && field === '') {
      const start = line
      i++
      for (;;) {
        const next = text.indexOf('"', i)
        if (next === -1) throw new Error(`CSV: the quoted field opened on line ${start} is never closed`)
        field += text.slice(i, next)
        line += countLineBreaks(text, i, next)
        i = next + 1
        if (text.charCodeAt(i) !== QUOTE) break
        field += '"'
        i++
      }
      const after = text.charCodeAt(i)
      if (i < text.length && after !== COMMA && after !== LF && after !== CR) {
        throw new Error(`CSV: unexpected text after the closing quote on line ${line}`)
      }
    } else if (code === COMMA) {
      endField()
      i++
    } else if (code === LF || code === CR) {
      endRecord()
      i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
      line++
    } else {
      const stop = nextDelimiter(text, i)
      field += text.slice(i, stop)
      i = stop
    }
  }
  if (field !== '' || record.length > 0) endRecord()
  return records
}

const BOM = 0xfeff
const QUOTE = 0x22
const COMMA = 0x2c
const LF = 0x0a
const CR = 0x0d

function nextDelimiter(text: string, from: number): number {
  let i = from
  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code === COMMA || code === LF || code === CR) return i
    i++
  }
  return i
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) count++
  }
  return count
}
