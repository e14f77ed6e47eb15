import { describe, expect, it } from 'vitest'
import { resolveAsOf } from '../../src/server/importers/as-of'
import { parseCsv } from '../../src/server/importers/csv'
import { BlockLedger } from '../../src/server/importers/registry/block-ledger'
import type { RegistryRecord } from '../../src/server/importers/registry/registry-record'
import { readRegistryTable } from '../../src/server/importers/registry/read-table'
import { checkRecords, dayProblem, lastDayAt, mostCreditsPerRecord, quantityProblem, RowChecks, type CheckedRow } from '../../src/server/importers/registry/record-checks'
import { cercarbonoSerial, serialRangeOf } from '../../src/server/importers/registry/serial-range'

const now = new Date('2026-04-20T09:00:00Z')

describe("a record's serial range, read as each registry writes it", () => {
  it.each([
    ['VCS', '20001-500000001-500000425-VCS-VCU-1507-VER-ET-14-1340-01012020-31122020-1', { scope: '', first: 500000001, last: 500000425 }],
    ['GS', 'GS1-1-KE-GS11603-16-2025-30256-110-5463', { scope: 'GS1-1-KE-GS11603-16-2025-30256', first: 110, last: 5463 }],
    ['GS', 'RW-5-1000-2-2-0-7014 - RW-5-1999-2-2-0-7014', { scope: 'RW-5-*-2-2-0-7014', first: 1000, last: 1999 }],
    ['CAR', 'CAR-1-US-1335-31-983-KS-2025-9205-1 to 5000', { scope: 'CAR-1-US-1335-31-983-KS-2025-9205', first: 1, last: 5000 }],
    ['ART', 'FCPF-CI-130-2023-20-1 to 46404', { scope: 'FCPF-CI-130-2023-20', first: 1, last: 46404 }],
    ['ACR', 'ACR-US-407-2025-2899-1 to 179663', { scope: 'ACR-US-407-2025-2899', first: 1, last: 179663 }],
    ['CCB', cercarbonoSerial('CDC_1_1_1_321_14_1_2009', '4426', '4971'), { scope: 'CDC_1_1_1_321_14_1_2009', first: 4426, last: 4971 }],
  ])('reads %s %j', (registry, serial, range) => {
    expect(serialRangeOf(registry, serial)).toEqual(range)
  })

  it('reads no range where a serial encodes none', () => {
    // Verra's issuances keep the issuance's number alone; Isometric's ids and Cercarbono's issuance serials count nothing.
    expect(serialRangeOf('VCS', '20001')).toBeNull()
    expect(serialRangeOf('ISO', 'ret_1ABC')).toBeNull()
    expect(serialRangeOf('CCB', 'CDC_1_1_1_321_14_1')).toBeNull()
    expect(serialRangeOf('CAR', null)).toBeNull()
    // Two whole serials that differ in more than one field are not a range.
    expect(serialRangeOf('GS', 'RW-5-1000-2-2-0-7014 - RW-6-1999-2-2-0-7014')).toBeNull()
  })

  it('keeps a number too long to be a count as it reads, for the checks to refuse', () => {
    const range = serialRangeOf('VCS', '20001-1-99999999999999999999999-VCS-VCU-1')
    expect(range?.last).toBe(1e23)
    expect(quantityProblem(5, range)).toMatch(/too long to be a registry's count/)
  })
})

describe('a quantity that can be counted', () => {
  const range = (first: number, last: number) => ({ scope: '', first, last })

  it('is positive, and within the ceiling of a billion a record may hold', () => {
    expect(quantityProblem(425, null)).toBeNull()
    expect(quantityProblem(0.125, null)).toBeNull()
    expect(quantityProblem(0, null)).toMatch(/a quantity of 0/)
    expect(quantityProblem(mostCreditsPerRecord, null)).toBeNull()
    expect(quantityProblem(mostCreditsPerRecord + 1, null)).toMatch(/more than the 1,000,000,000 one record may hold/)
    expect(quantityProblem(Number('99999999999999999999999'), null)).toMatch(/^100,000,000,000,000,000,000,000 credits, more than/)
  })

  it("equals its serial range's size where it has one", () => {
    expect(quantityProblem(425, range(500000001, 500000425))).toBeNull()
    expect(quantityProblem(1, range(7, 7))).toBeNull()
    expect(quantityProblem(mostCreditsPerRecord, range(500000001, 500000002))).toBe('1,000,000,000 credits on serial numbers 500000001 to 500000002, which number 2')
    expect(quantityProblem(3, range(500000001, 500000002))).toBe('3 credits on serial numbers 500000001 to 500000002, which number 2')
    expect(quantityProblem(2, range(9, 8))).toMatch(/run backwards \(9 to 8\)/)
  })
})

describe('a day that can be counted', () => {
  it('lies from 1990-01-01 to today wherever it is already today', () => {
    const lastDay = lastDayAt(now)
    expect(dayProblem(null, lastDay)).toBeNull()
    expect(dayProblem('1990-01-01', lastDay)).toBeNull()
    expect(dayProblem('1989-12-31', lastDay)).toMatch(/before 1990-01-01/)
    expect(dayProblem('2026-04-20', lastDay)).toBeNull()
    // 09:00 UTC on the 20th is 23:00 at UTC+14: the 21st has not begun anywhere; two hours later it has.
    expect(dayProblem('2026-04-21', lastDay)).toMatch(/a day that has not come/)
    expect(dayProblem('2026-04-21', lastDayAt(new Date('2026-04-20T11:00:00Z')))).toBeNull()
    expect(dayProblem('9999-12-31', lastDay)).toBe('dated 9999-12-31, a day that has not come')
  })
})

describe('the rows of one file, checked in order', () => {
  const row = (at: number, serial: string | null, quantity: number, overrides: Partial<CheckedRow> = {}): CheckedRow => ({
    at,
    registry: 'VCS',
    kind: 'retirement_or_cancellation',
    quantity,
    days: ['2026-04-01'],
    serial,
    ...overrides,
  })

  it('counts the first row to claim a unit; a later block sharing one is refused, naming the block it overlaps', () => {
    const checks = new RowChecks(now)
    expect(checks.problem(row(1, '20001-100-199-VCS', 100))).toBeNull()
    expect(checks.problem(row(2, '20001-200-299-VCS', 100))).toBeNull()
    expect(checks.problem(row(3, '20002-150-179-VCS', 30))).toBe('serial numbers 150 to 179 overlap the block on row 1 (20001-100-199-VCS), counted already')
    expect(checks.problem(row(4, '20002-150-249-VCS', 100))).toMatch(/overlap the block on row [12] /)
    expect(checks.problem(row(5, '20001-100-199-VCS', 100))).toMatch(/overlap the block on row 1/)
    // A refused block claims nothing: one overlapping only it is counted; one just beside a counted one is too.
    expect(checks.problem(row(6, '20003-300-300-VCS', 1))).toBeNull()
    expect(checks.problem(row(7, '20003-50-99-VCS', 50))).toBeNull()
  })

  it('keeps kinds and scopes apart: a retired block is not an overlap of its issuance', () => {
    const checks = new RowChecks(now)
    expect(checks.problem(row(1, 'GS1-1-KE-GS1-16-2025-30256-1-100', 100, { registry: 'GS', kind: 'issuance' }))).toBeNull()
    expect(checks.problem(row(2, 'GS1-1-KE-GS1-16-2025-30256-1-100', 100, { registry: 'GS', kind: 'retirement' }))).toBeNull()
    expect(checks.problem(row(3, 'GS1-1-KE-GS1-16-2025-30257-1-100', 100, { registry: 'GS', kind: 'retirement' }))).toBeNull()
    expect(checks.problem(row(4, 'GS1-1-KE-GS1-16-2025-30257-50-59', 10, { registry: 'GS', kind: 'retirement' }))).toMatch(/overlap the block on row 3/)
  })

  it('refuses a row for any day it states outside the bounds, and checks quantity before the block', () => {
    const checks = new RowChecks(now)
    expect(checks.problem(row(1, '20001-1-10-VCS', 10, { days: ['2026-04-01', '9999-12-31'] }))).toBe('dated 9999-12-31, a day that has not come')
    expect(checks.problem(row(2, '20001-1-2-VCS', 1_000_000_000))).toMatch(/^1,000,000,000 credits on serial numbers 1 to 2, which number 2$/)
    // Neither refused row claimed its units.
    expect(checks.problem(row(3, '20001-1-10-VCS', 10))).toBeNull()
  })

  it("takes a file's records whose quantity or day fails out, as skipped rows in row order beside the reader's own", () => {
    const record = (row: number, quantity: number, date: string | null, serial: string | null): RegistryRecord => ({
      id: `GS:retirement:${serial ?? row}`,
      registry: 'GS',
      project_key: 'GS1',
      kind: 'retirement',
      quantity,
      vintage: 2024,
      date,
      serial,
      labels: [],
      beneficiary: null,
      beneficiary_raw: {},
      reason: null,
      row,
    })
    const checked = checkRecords(
      {
        records: [record(1, 10, '2026-04-01', 'GS1-1-A-1-10'), record(3, 10, '9999-12-31', 'GS1-1-A-11-20'), record(4, 6, '2026-04-01', 'GS1-1-A-21-25'), record(5, 5, '2026-04-01', 'GS1-1-A-5-9')],
        skipped: [{ row: 2, reason: 'no GSID ("")' }],
      },
      now,
    )
    // Blocks are checked against one another by the run, across its files (runs/counted-blocks.ts): row 5 passes here.
    expect(checked.records.map((r) => r.row)).toEqual([1, 5])
    expect(checked.skipped).toEqual([
      { row: 2, reason: 'no GSID ("")' },
      { row: 3, reason: 'dated 9999-12-31, a day that has not come' },
      { row: 4, reason: '6 credits on serial numbers 21 to 25, which number 5' },
    ])
  })
})

describe('the ledger of counted blocks', () => {
  /** A small deterministic generator, so a failure can be replayed. */
  function lcg(seed: number) {
    let state = seed >>> 0
    return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0), state / 2 ** 32)
  }

  it.each([
    ['newest first', (i: number) => 1_000_000 - i * 10],
    ['oldest first', (i: number) => i * 10],
    ['in no order', (i: number, random: () => number) => Math.floor(random() * 300_000) + i],
  ])('finds an overlap exactly where a plain search over every block does, taken %s', (_order, startOf) => {
    const random = lcg(33)
    const ledger = new BlockLedger<number>()
    const counted: [number, number, number][] = []
    for (let i = 0; i < 5000; i++) {
      const first = startOf(i, random)
      const last = first + Math.floor(random() * 12)
      const overlaps = (holder: number | undefined) => counted.some(([f, l, i]) => i === holder && f <= last && l >= first)
      const plain = counted.find(([f, l]) => f <= last && l >= first)?.[2]
      const found = ledger.overlapping('', first, last)
      // Several counted blocks may share units with it; the ledger names one of them.
      if (plain === undefined) expect(found).toBeUndefined()
      else expect(overlaps(found)).toBe(true)
      if (plain === undefined) {
        ledger.add('', first, last, i)
        counted.push([first, last, i])
      }
    }
    expect(counted.length).toBeGreaterThan(1000)
  })
})

describe('control characters in text', () => {
  it('are removed from CSV, tabs and line breaks inside a quoted note kept', () => {
    expect(parseCsv('a,note\n1,"one\u0000 two\u001b[0m\tthree\r\nfour"\n')).toEqual([
      ['a', 'note'],
      ['1', 'one two[0m\tthree\nfour'],
    ])
  })

  it('never fail a registry file', async () => {
    const table = await readRegistryTable(new TextEncoder().encode('ID,Note\u0007\n1,"a\u0000b"\n'), 'x.csv', { maxRows: 10, maxCellChars: 100 })
    expect(table).toEqual({ headers: ['ID', 'Note'], rows: [['1', 'ab']], firstRow: 1 })
  })
})

describe("the data's as-of date", () => {
  const fallback = new Date('2026-04-19T15:00:00Z')

  it('never lies after today, however its name or contents are dated', () => {
    expect(resolveAsOf({ requested: null, fileName: 'transactions.csv', contentAsOf: new Date('9999-12-31T00:00:00Z'), fallback, now })).toEqual({
      asOf: new Date('2026-04-20T00:00:00Z'),
      basis: 'contents',
    })
    expect(resolveAsOf({ requested: null, fileName: 'vrod-v2026-12.csv', contentAsOf: null, fallback, now }).asOf).toEqual(new Date('2026-04-20T00:00:00Z'))
    expect(resolveAsOf({ requested: null, fileName: 'transactions.csv', contentAsOf: new Date('2026-04-13T00:00:00Z'), fallback, now }).asOf).toEqual(
      new Date('2026-04-13T00:00:00Z'),
    )
    expect(resolveAsOf({ requested: null, fileName: 'transactions.csv', contentAsOf: null, fallback, now })).toEqual({ asOf: new Date('2026-04-19T00:00:00Z'), basis: 'file_date' })
  })
})
