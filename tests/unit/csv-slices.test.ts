import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../src/server/importers/csv'
import { csvSlices } from '../../src/server/importers/csv-slices'

const encode = (text: string) => new TextEncoder().encode(text)
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

/** A small deterministic generator, so a failure can be run again. */
function lcg(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return Math.floor((state / 2 ** 32) * n)
  }
}

/** A CSV as hand-edited exports write one: quoted commas, quotes and line breaks of every kind, a quote inside a plain field, blank lines, control characters, non-ASCII text. */
function awkwardCsv(seed: number, rows: number): string {
  const pick = lcg(seed)
  const breaks = ['\n', '\r\n', '\r']
  const field = () => {
    switch (pick(10)) {
      case 0:
        return `"a, b"`
      case 1:
        return `"say ""hi"""`
      case 2:
        return `"one${breaks[pick(3)]}two"`
      case 3:
        return '""'
      case 4:
        return `x\u0007y`
      case 5:
        return 'Côte d’Ivoire'
      case 6:
        return ''
      case 7:
        return `"\r\n"`
      case 8:
        return '12" pipe'
      default:
        return String(pick(100_000))
    }
  }
  let text = pick(2) ? '\uFEFF' : ''
  text += `"Name, full",ID,Note${breaks[pick(3)]}`
  for (let i = 0; i < rows; i++) {
    if (pick(12) === 0) text += pick(2) ? '\n' : '\u0001\n'
    if (pick(25) === 0) text += '""\n'
    text += `${field()},${field()},${field()}${breaks[pick(3)]}`
  }
  return pick(2) ? text : text.replace(/(\r\n|\r|\n)$/, '')
}

describe('a CSV file read in slices', () => {
  it('reads, slice by slice, the rows the file read whole holds, each numbered as the file numbers it', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const text = awkwardCsv(seed, 300)
      const [header, ...rows] = parseCsv(text)
      for (const sliceBytes of [1, 37, 500, 4000]) {
        const read: string[][] = []
        for (const slice of csvSlices(encode(text), sliceBytes)) {
          const [sliceHeader, ...sliceRows] = parseCsv(decode(slice.bytes))
          expect(sliceHeader, `seed ${seed}, slices of ${sliceBytes} bytes`).toEqual(header)
          expect(sliceRows).toHaveLength(slice.rows)
          expect(slice.firstRow).toBe(read.length + 1)
          read.push(...sliceRows)
        }
        expect(read, `seed ${seed}, slices of ${sliceBytes} bytes`).toEqual(rows)
      }
    }
  })

  it('cuts only where a row ends, never inside a quoted line break, and each slice but the last is at least the size asked for', () => {
    const text = 'ID,Note\n1,"first\nsecond\nthird"\n2,plain\n3,"a ""quoted"" word, and a comma"\n'
    const slices = [...csvSlices(encode(text), 8)]
    expect(slices.map((slice) => decode(slice.bytes))).toEqual(['ID,Note\n1,"first\nsecond\nthird"\n', 'ID,Note\n2,plain\n', 'ID,Note\n3,"a ""quoted"" word, and a comma"\n'])
    expect(slices.map((slice) => [slice.firstRow, slice.rows])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ])
    const large = [...csvSlices(encode(`ID\n${'1234\n'.repeat(100)}`), 64)]
    for (const slice of large.slice(0, -1)) expect(slice.bytes.length - 'ID\n'.length).toBeGreaterThanOrEqual(64)
  })

  it('carries the header, byte order mark and CRLF as written, and skips the blank lines before it', () => {
    const text = '\uFEFF\r\n\r\nIssuance Date,ID\r\n1/1/2020,1\r\n\r\n2/1/2020,2\r\n'
    const slices = [...csvSlices(encode(text), '1/1/2020,1\r\n'.length)]
    expect(slices.map((slice) => decode(slice.bytes))).toEqual(['\r\n\r\nIssuance Date,ID\r\n1/1/2020,1\r\n', '\r\n\r\nIssuance Date,ID\r\n\r\n2/1/2020,2\r\n'])
    expect(new Uint8Array(slices[1].bytes.slice(0, 3))).toEqual(encode('\uFEFF'))
    expect(slices.map((slice) => [slice.firstRow, slice.rows])).toEqual([
      [1, 1],
      [2, 1],
    ])
  })

  it('leaves a quoted field never closed to the reader, in the last slice, which names its record as the file numbers it', () => {
    const text = 'ID,Note\n1,a\n2,b\n3,"never closed\n4,d\n'
    const slices = [...csvSlices(encode(text), 1)]
    expect(slices).toHaveLength(3)
    expect(decode(slices[2].bytes)).toBe('ID,Note\n3,"never closed\n4,d\n')
    expect(() => parseCsv(text)).toThrow('the quoted field in record 4 is never closed')
    expect(() => parseCsv(decode(slices[2].bytes), { rowsBefore: slices[2].firstRow - 1 })).toThrow('the quoted field in record 4 is never closed')
  })

  it('is one slice when the file is all header', () => {
    expect([...csvSlices(encode('"ID\n'), 1)].map((slice) => [decode(slice.bytes), slice.firstRow, slice.rows])).toEqual([['"ID\n', 1, 0]])
  })
})
