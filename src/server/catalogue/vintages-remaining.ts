import { vintageLedger, type LaterVintageChange } from '../core/vintage-ledger'
import type { VintageRemaining } from '../pricing/on-sale'
import type { Catalogue } from './catalogue'

/**
 * Credits remaining per vintage of every row, by the vintage ledger (core/vintage-ledger.ts): Berkeley's count of
 * each vintage, as of its date, plus the registries' records dated after it. Credits no source places in a vintage
 * are not in the map; a row no source breaks down by vintage has an empty map.
 */
export function remainingByVintage(
  size: number,
  credits: Catalogue['credits'],
  counted: { issued: Float64Array; remaining: Float64Array },
  since: readonly ({ row: number } & LaterVintageChange)[],
): VintageRemaining[] {
  // Most rows of a generated catalogue have no breakdown: they share one empty map rather than a map each.
  const none: VintageRemaining = new Map()
  const byRow = new Array<VintageRemaining>(size).fill(none)
  const laterOf = new Map<number, LaterVintageChange[]>()
  for (const change of since) {
    const list = laterOf.get(change.row)
    if (list) list.push(change)
    else laterOf.set(change.row, [change])
  }
  for (let row = 0; row < size; row++) {
    const from = credits.starts[row]
    const to = credits.starts[row + 1]
    const later = laterOf.get(row)
    if (from === to && !later) continue
    const blocks = []
    for (let k = from; k < to; k++) blocks.push({ year: credits.year[k], issued: credits.issuedByVintage[k], remaining: credits.remainingByVintage[k] })
    const ledger = vintageLedger({ issued: counted.issued[row], remaining: counted.remaining[row] }, blocks, later ?? [])
    const vintages: VintageRemaining = new Map()
    for (const vintage of ledger.vintages) if (vintage.vintage !== null) vintages.set(vintage.vintage, vintage.remaining)
    if (vintages.size > 0) byRow[row] = vintages
  }
  return byRow
}

