import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/lib/csv'

describe('toCsv', () => {
  it('writes a header row and one record per row, separated by CRLF', () => {
    expect(toCsv(['Key', 'Tonnes'], [['VCS191', 1200], ['GS337', 80]])).toBe('Key,Tonnes\r\nVCS191,1200\r\nGS337,80\r\n')
  })

  it('quotes fields that hold a comma, a quote or a line break, doubling inner quotes', () => {
    expect(toCsv(['Name'], [['Rimba Raya, Borneo'], ['The "Katingan" project'], ['line\nbreak']])).toBe(
      'Name\r\n"Rimba Raya, Borneo"\r\n"The ""Katingan"" project"\r\n"line\nbreak"\r\n',
    )
  })

  it('writes null and undefined as empty fields', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, 'x']])).toBe('a,b,c\r\n,,x\r\n')
  })

  it('neutralises text cells that a spreadsheet would run as a formula', () => {
    for (const dangerous of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(csvCell(dangerous).replace(/^"/, '').startsWith("'")).toBe(true)
    }
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('=SUM(A1,B1)')).toBe(`"'=SUM(A1,B1)"`)
  })

  it('leaves numbers as numbers, negative ones included', () => {
    expect(csvCell(-3.5)).toBe('-3.5')
    expect(csvCell(0)).toBe('0')
    expect(csvCell(Number.NaN)).toBe('')
  })

  it('leaves ordinary text alone', () => {
    expect(csvCell('REDD+')).toBe('REDD+')
    expect(csvCell('Afforestation/Reforestation')).toBe('Afforestation/Reforestation')
  })
})
