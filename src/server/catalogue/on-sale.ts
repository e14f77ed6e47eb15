import { preParisBefore } from '../core/price-estimate'
import { remainingOfBlocks } from '../core/vintage-blocks'
import type { Catalogue, CatalogueQuote } from './catalogue'

/** A vintage's credits remaining: issued of that vintage less retired and cancelled of it. */
export type VintageRemaining = Map<number, number>

/**
 * Credits remaining per vintage of every row: Berkeley's by-vintage blocks (core/vintage-blocks.ts), beside its
 * count, plus the registries' records dated after the count. A vintage with nothing left is dropped; a row no source
 * breaks down by vintage has an empty map.
 */
export function remainingByVintage(
  size: number,
  credits: Catalogue['credits'],
  counted: { retired: Float64Array; remaining: Float64Array },
  since: readonly { row: number; vintage: number | null; issued: number; retired: number }[],
): VintageRemaining[] {
  // Most rows of a generated catalogue have no breakdown: they share one empty map rather than a map each.
  const none: VintageRemaining = new Map()
  const byRow = new Array<VintageRemaining>(size).fill(none)
  const of = (row: number) => (byRow[row] === none ? (byRow[row] = new Map()) : byRow[row])
  for (let row = 0; row < size; row++) {
    const from = credits.starts[row]
    const to = credits.starts[row + 1]
    if (from === to) continue
    const blocks = []
    for (let k = from; k < to; k++) blocks.push({ year: credits.year[k], issued: credits.issuedByVintage[k], retired: credits.retiredByVintage[k] })
    for (const [year, left] of remainingOfBlocks(blocks, counted.retired[row], counted.remaining[row])) of(row).set(year, left)
  }
  for (const { row, vintage, issued, retired } of since) {
    if (vintage === null) continue
    of(row).set(vintage, (byRow[row].get(vintage) ?? 0) + issued - retired)
  }
  for (const vintages of byRow) for (const [vintage, left] of vintages) if (!(Math.round(left) > 0)) vintages.delete(vintage)
  return byRow
}

/** The newest vintage with credits remaining, or null: what the reference estimate prices. */
export function newestVintage(vintages: VintageRemaining): number | null {
  let newest: number | null = null
  for (const vintage of vintages.keys()) if (newest === null || vintage > newest) newest = vintage
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
    // A vintage no source counts yet (issued after the newest export) is taken on the quote's word.
    const left = vintages.get(quoted) ?? remaining
    return [{ year: quoted, remaining: Math.min(Math.round(left), remaining) }]
  }
  if (vintages.size === 0) return remaining > 0 ? [{ year: 0, remaining }] : []
  const newest = newestVintage(vintages)!
  const from = price.basis === 'estimate' && newest >= preParisBefore ? preParisBefore : -Infinity
  return [...vintages]
    .filter(([year]) => year >= from)
    .sort(([a], [b]) => a - b)
    .map(([year, left]) => ({ year, remaining: Math.round(left) }))
}
