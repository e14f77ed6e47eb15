import type { CreditKind } from '../../../api/contract/credits'
import { earliestAsOf, latestToday } from '../../../api/contract/sources'
import { BlockLedger } from './block-ledger'
import type { RegistryRecord, SkippedRow } from './registry-record'
import { serialRangeOf, unitsIn, type SerialRange } from './serial-range'

/**
 * The most credits one row or record may hold: 1,000,000,000 t. The project that has issued most in Berkeley's
 * file (ART102) issued 58 million in all, and no project issued more than 15 million in one year: a billion is
 * beyond any real record by more than tenfold, and a row claiming it is a typing or export error that, counted,
 * would outweigh its whole registry.
 */
export const mostCreditsPerRecord = 1_000_000_000

const countFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 3 })
const count = (n: number) => countFormat.format(n)
const unitsOf = (range: SerialRange) => `${range.first} to ${range.last}`

/** Why a quantity cannot be counted, or null: a positive number within the ceiling, equal to its serial range's size where it has one. */
export function quantityProblem(quantity: number, range: SerialRange | null): string | null {
  if (!(quantity > 0)) return `a quantity of ${count(quantity)}: a record counts credits that exist`
  if (quantity > mostCreditsPerRecord) return `${count(quantity)} credits, more than the ${count(mostCreditsPerRecord)} one record may hold`
  if (!range) return null
  if (!Number.isSafeInteger(range.first) || !Number.isSafeInteger(range.last)) return `serial numbers too long to be a registry's count (${unitsOf(range)})`
  if (range.last < range.first) return `serial numbers that run backwards (${unitsOf(range)})`
  if (quantity !== unitsIn(range)) return `${count(quantity)} credits on serial numbers ${unitsOf(range)}, which number ${count(unitsIn(range))}`
  return null
}

/** The last day a record may state at a moment: today wherever it is already today (`latestToday`, the bound a run's requested as-of date has too). */
export const lastDayAt = (now: Date) => latestToday(now.getTime())

/**
 * Why a record's day cannot be counted, or null: from 1990-01-01 (before the voluntary market's first registries)
 * to `lastDay` (`lastDayAt`); a record with no day is not refused for it.
 */
export function dayProblem(day: string | null, lastDay: string): string | null {
  if (day === null) return null
  if (day < earliestAsOf) return `dated ${day}, before ${earliestAsOf}, when no registry recorded credits`
  if (day > lastDay) return `dated ${day}, a day that has not come`
  return null
}

/** One row of an export as the checks see it; `days` are every day it states (a Verra block's issuance and retirement). */
export interface CheckedRow {
  at: number
  registry: string
  kind: CreditKind
  quantity: number
  days: readonly (string | null)[]
  serial: string | null
}

/**
 * The checks each row of a file passes before it is added to a record that sums several rows (Verra's issuances,
 * APX's issuance batches), where a record's own checks would find a bad row too late: its quantity, its days, and
 * its block of serial numbers against those of earlier rows of the same registry and kind (the first row to claim
 * a unit keeps it). `checkRecords` checks every format's records once read; the run checks their blocks against
 * one another's, the other files' and the store's (`runs/counted-blocks.ts`).
 */
export class RowChecks {
  private readonly blocks = new BlockLedger<{ row: number; serial: string }>()
  private readonly lastDay: string

  constructor(now = new Date()) {
    this.lastDay = lastDayAt(now)
  }

  /** Why the row cannot be counted, or null; a row that passes has its block counted for the rows after it. */
  problem(row: CheckedRow): string | null {
    const range = serialRangeOf(row.registry, row.serial)
    const why = quantityProblem(row.quantity, range) ?? this.dayProblem(row.days)
    if (why) return why
    if (!range) return null
    const scope = `${row.registry}|${row.kind}|${range.scope}`
    const earlier = this.blocks.overlapping(scope, range.first, range.last)
    if (earlier) return overlapProblem(range, `the block on row ${earlier.row} (${blockName(earlier.serial)})`)
    this.blocks.add(scope, range.first, range.last, { row: row.at, serial: row.serial ?? '' })
    return null
  }

  private dayProblem(days: readonly (string | null)[]) {
    for (const day of days) {
      const why = dayProblem(day, this.lastDay)
      if (why) return why
    }
    return null
  }
}

/** A block's serial, as a reason names it: long ones shortened. */
export const blockName = (serial: string) => (serial.length > 72 ? `${serial.slice(0, 71)}…` : serial)

/** Why a block is not counted: it shares units with one that is, named by the caller. */
export const overlapProblem = (range: SerialRange, counted: string) => `serial numbers ${unitsOf(range)} overlap ${counted}, counted already`

/**
 * A file's records, those whose quantity or day fails a check taken out and said as skipped rows, beside the rows
 * the reader skipped, in row order. Their blocks are checked against one another's by the run, with the other
 * files' and the store's.
 */
export function checkRecords(contents: { records: RegistryRecord[]; skipped: SkippedRow[] }, now = new Date()): { records: RegistryRecord[]; skipped: SkippedRow[] } {
  const lastDay = lastDayAt(now)
  const skipped = [...contents.skipped]
  const records = contents.records.filter((record) => {
    const why = quantityProblem(record.quantity, serialRangeOf(record.registry, record.serial)) ?? dayProblem(record.date, lastDay)
    if (why) skipped.push({ row: record.row, reason: why })
    return why === null
  })
  return { records, skipped: skipped.sort((a, b) => a.row - b.row) }
}
