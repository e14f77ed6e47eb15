import { preParisBefore } from '../core/price-estimate'
import { vintageLedger, type LaterVintageChange } from '../core/vintage-ledger'
import type { Catalogue, CatalogueQuote } from './catalogue'

/**
 * A vintage's credits remaining: issued of that vintage less retired and cancelled of it. Every vintage a source
 * counts is kept, those with nothing left (or less) too, so that "none left" is told apart from "not counted".
 */
export type VintageRemaining = Map<number, number>

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

/** A whole number of credits left of a vintage; none when the sources leave it at nothing or less. */
const leftOf = (remaining: number) => Math.max(0, Math.round(remaining))

/** The newest vintage with credits remaining, or null: what the reference estimate prices. */
export function newestVintage(vintages: VintageRemaining): number | null {
  let newest: number | null = null
  for (const [vintage, remaining] of vintages) if (leftOf(remaining) > 0 && (newest === null || vintage > newest)) newest = vintage
  return newest
}

/**
 * What a row sells, vintage by vintage, oldest first, at its one price (year 0: credits no source breaks down
 * by vintage, every one of them of the project's first vintage or later):
 * - a buyer's quote for a vintage sells that vintage, no more than the quote's quantity;
 * - the reference estimate prices the newest vintage left, and a pre-Paris vintage lower than a later one, so a
 *   row priced at a later vintage sells its vintages from 2016 on, one priced at a pre-Paris vintage the rest;
 * - any other price (a quote for no vintage, a generated market's) sells every vintage left.
 */
export function saleOfRow(
  vintages: VintageRemaining,
  remaining: number,
  price: { basis: 'quote' | 'estimate' | 'market'; quote: CatalogueQuote | null },
): { year: number; remaining: number }[] {
  const quoted = price.quote?.vintage ?? null
  if (quoted !== null) {
    // A vintage no source counts yet (issued after the newest export) is taken on the quote's word; one a source
    // counts sells no more than it says is left.
    const left = vintages.has(quoted) ? leftOf(vintages.get(quoted)!) : remaining
    const sold = Math.min(left, remaining)
    return sold > 0 ? [{ year: quoted, remaining: sold }] : []
  }
  if (vintages.size === 0) return remaining > 0 ? [{ year: 0, remaining }] : []
  const newest = newestVintage(vintages)
  if (newest === null) return []
  const from = price.basis === 'estimate' && newest >= preParisBefore ? preParisBefore : -Infinity
  return [...vintages]
    .filter(([year, left]) => year >= from && leftOf(left) > 0)
    .sort(([a], [b]) => a - b)
    .map(([year, left]) => ({ year, remaining: leftOf(left) }))
}
