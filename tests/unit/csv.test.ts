import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/lib/csv'
import { creditsToCsv } from '../../src/features/credits/lib/credit-csv'

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

describe('credit records as CSV', () => {
  it('writes a beneficiary that begins like a formula as text, and keeps the registry fields beside it', () => {
    const csv = creditsToCsv([
      {
        id: 'GS:retirement:GS1-1',
        object: 'credit',
        project_key: 'GS123',
        registry: 'GS',
        kind: 'retirement',
        quantity: 10,
        vintage: 2024,
        stated_vintage_total: null,
        date: '2026-04-10',
        serial: 'GS1-1',
        labels: ['ICVCM CCP'],
        beneficiary: '=HYPERLINK("http://x","Acme")',
        beneficiary_why: null,
        beneficiary_raw: { 'Using Entity': '=HYPERLINK("http://x","Acme")', Note: 'for 2025, in full' },
        reason: 'Voluntary',
        source: { id: 'src_gold_standard', file: 'retirements.csv', row: 3, run_id: 'run_1' },
      },
    ])
    const [header, row] = csv.trim().split('\r\n')
    // The vintage's total its export states, beside the vintage; empty where it states none.
    expect(header).toContain('quantity,vintage,stated_vintage_total,beneficiary')
    expect(row).toContain(`"'=HYPERLINK(""http://x"",""Acme"")"`)
    expect(row).toContain('"Using Entity: =HYPERLINK(""http://x"",""Acme"") | Note: for 2025, in full"')
    expect(row.startsWith('2026-04-10,GS123,GS,retirement,10,2024,,')).toBe(true)
  })
})
