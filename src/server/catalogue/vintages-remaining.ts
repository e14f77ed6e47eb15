import { vintageLedger, type EarlierCancellations, type LaterVintageChange, type ListingCancellations } from '../core/vintage-ledger'
import type { VintageRemaining } from '../pricing/on-sale'
import type { Catalogue } from './catalogue'

/**
 * Credits remaining per vintage of every row, by the vintage ledger (core/vintage-ledger.ts): Berkeley's count of
 * each vintage, as of its date, plus the registries' records dated after it, less the cancellations dated before it
 * that it does not hold. Credits no source places in a vintage are not in the map; a row no source breaks down by
 * vintage has an empty map. Beside them, per row, what those cancellations took (0 for most rows). A project two
 * registries list (`listings.of`: each such row's other listings' rows; `listings.keys`: every row's key) takes what
 * another listing's cancellations left unplaced, as its page does.
 */
export function remainingByVintage(
  size: number,
  credits: Catalogue['credits'],
  counted: { issued: Float64Array; remaining: Float64Array },
  since: readonly ({ row: number } & LaterVintageChange)[],
  before: readonly ({ row: number } & EarlierCancellations)[] = [],
  listings: { of: ReadonlyMap<number, readonly number[]>; keys: readonly string[] } = { of: new Map(), keys: [] },
): { vintages: VintageRemaining[]; takenBeforeCount: Float64Array } {
  // Most rows of a generated catalogue have no breakdown: they share one empty map rather than a map each.
  const none: VintageRemaining = new Map()
  const byRow = new Array<VintageRemaining>(size).fill(none)
  const takenBeforeCount = new Float64Array(size)
  const laterOf = byRowOf(since)
  const earlierOf = byRowOf(before)
  const ledgerOf = (row: number, fromListings: readonly ListingCancellations[] = []) => {
    const from = credits.starts[row]
    const to = credits.starts[row + 1]
    const later = laterOf.get(row)
    if (from === to && !later) return null
    const blocks = []
    for (let k = from; k < to; k++) blocks.push({ year: credits.year[k], issued: credits.issuedByVintage[k], remaining: credits.remainingByVintage[k] })
    return vintageLedger({ issued: counted.issued[row], remaining: counted.remaining[row] }, blocks, later ?? [], earlierOf.get(row) ?? [], fromListings)
  }
  const place = (row: number, ledger: ReturnType<typeof vintageLedger>) => {
    takenBeforeCount[row] = ledger.takenBeforeCount
    const vintages: VintageRemaining = new Map()
    for (const vintage of ledger.vintages) if (vintage.vintage !== null) vintages.set(vintage.vintage, vintage.remaining)
    byRow[row] = vintages.size > 0 ? vintages : none
  }
  // What each listing of a project shared by two registries leaves unplaced, read before any listing takes another's.
  const unplaced = new Map<number, ListingCancellations[]>()
  for (let row = 0; row < size; row++) {
    const ledger = ledgerOf(row)
    if (!ledger) continue
    place(row, ledger)
    if (listings.of.has(row) && ledger.unplacedBefore.length > 0) unplaced.set(row, ledger.unplacedBefore.map((u) => ({ ...u, listing: listings.keys[row] })))
  }
  for (const [row, others] of listings.of) {
    const fromListings = others.flatMap((other) => unplaced.get(other) ?? [])
    if (fromListings.length === 0) continue
    const ledger = ledgerOf(row, fromListings)
    if (ledger) place(row, ledger)
  }
  return { vintages: byRow, takenBeforeCount }
}

/** Entries grouped by their row. */
function byRowOf<T extends { row: number }>(entries: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const entry of entries) {
    const list = out.get(entry.row)
    if (list) list.push(entry)
    else out.set(entry.row, [entry])
  }
  return out
}

