import { creditKinds, numberedRecordsDepth, type CreditFilter, type CreditKind } from '../../api/contract/credits'
import { creditsAt, creditsBeside, type CreditCount, type CreditPageRow, type CreditPosition } from '../db/queries/credits'
import type { ScopedDb } from '../db/queries/scoped'
import { isIntoBufferPool } from '../core/buffer-pool'

/** Where a page of records begins: a numbered page, or next to a record's position (a cursor, read). */
export type CreditPageStart = { page: number } | { after: CreditPosition } | { before: CreditPosition }

/** A page of records, newest first, and the positions to read on from: null where nothing lies that way. */
export interface CreditPageRead {
  rows: CreditPageRow[]
  /** The numbered page, when asked for by number. */
  page: number | null
  /** The page's last record, when older records follow it. */
  next: CreditPosition | null
  /** The page's first record, when newer records come before it. */
  previous: CreditPosition | null
}

/** A numbered page that begins past the numbered pages' depth, and the position to read on from instead. */
export class CreditPageTooDeep extends Error {
  constructor(
    readonly page: number,
    readonly perPage: number,
    /** The deepest record a numbered page reaches (the filter's last, when it keeps fewer); null when it keeps none. */
    readonly resume: CreditPosition | null,
  ) {
    super(`Page ${page}, at ${perPage} records a page, begins past the first ${numberedRecordsDepth} records`)
  }
}

export const positionOf = (row: CreditPageRow): CreditPosition => ({ day: row.position_day, id: row.id })

/**
 * One page of the filter's records. Next to a position it reads `perPage + 1` records along the index (the one
 * more says whether the list goes on) and looks one record the other way, so it costs the same at any depth. A
 * numbered page reads every record before it, so it is answered only among the first records and refused deeper,
 * naming where to read on from.
 */
export async function readCreditPage(db: ScopedDb, filter: CreditFilter, start: CreditPageStart, perPage: number): Promise<CreditPageRead> {
  if ('page' in start) {
    const offset = (start.page - 1) * perPage
    if (offset >= numberedRecordsDepth) throw new CreditPageTooDeep(start.page, perPage, await deepestNumbered(db, filter))
    const read = await creditsAt(db, filter, offset, perPage + 1)
    const rows = read.slice(0, perPage)
    return { rows, page: start.page, next: read.length > perPage ? positionOf(rows.at(-1)!) : null, previous: offset > 0 && rows.length > 0 ? positionOf(rows[0]) : null }
  }
  if ('after' in start) {
    const read = await creditsBeside(db, filter, start.after, 'older', perPage + 1)
    const rows = read.slice(0, perPage)
    const newer = rows.length > 0 && (await creditsBeside(db, filter, positionOf(rows[0]), 'newer', 1)).length > 0
    return { rows, page: null, next: read.length > perPage ? positionOf(rows.at(-1)!) : null, previous: newer ? positionOf(rows[0]) : null }
  }
  // Before a position: read back toward newer records, then turned to the list's own order.
  const read = await creditsBeside(db, filter, start.before, 'newer', perPage + 1)
  const rows = read.slice(0, perPage).reverse()
  const older = rows.length > 0 && (await creditsBeside(db, filter, positionOf(rows.at(-1)!), 'older', 1)).length > 0
  return { rows, page: null, next: older ? positionOf(rows.at(-1)!) : null, previous: read.length > perPage ? positionOf(rows[0]) : null }
}

/** The last record a numbered page can show: the filter's 10,000th, or its oldest when it keeps fewer. */
async function deepestNumbered(db: ScopedDb, filter: CreditFilter): Promise<CreditPosition | null> {
  const [deepest] = await creditsAt(db, filter, numberedRecordsDepth - 1, 1)
  const [oldest] = deepest ? [deepest] : await creditsBeside(db, filter, null, 'newer', 1)
  return oldest ? positionOf(oldest) : null
}

/**
 * The filter's count when its first page holds every record it keeps: the page's records and their credits, so a
 * narrow filter (a company searched by name, most often) is read once rather than read and then counted. Null when
 * the page is not the first or records follow it.
 */
export function countOfWholeFilter(read: CreditPageRead, start: CreditPageStart): CreditCount | null {
  if (!('page' in start) || start.page !== 1 || read.next !== null) return null
  const sumByKind = Object.fromEntries(creditKinds.map((kind) => [kind, 0])) as Record<CreditKind, number>
  let sumIntoBufferPool = 0
  for (const row of read.rows) {
    if (isIntoBufferPool(row)) sumIntoBufferPool += row.quantity
    else sumByKind[row.kind as CreditKind] += row.quantity
  }
  return { total: read.rows.length, estimated: false, sumQuantity: read.rows.reduce((sum, row) => sum + row.quantity, 0), sumByKind, sumIntoBufferPool }
}
