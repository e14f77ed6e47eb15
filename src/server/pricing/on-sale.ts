import { preParisBefore } from '../../api/pre-paris'

/**
 * A vintage's credits remaining: issued of that vintage less retired and cancelled of it. Every vintage a source
 * counts is kept, those with nothing left (or less) too, so that "none left" is told apart from "not counted".
 */
export type VintageRemaining = Map<number, number>

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
 *   row priced at a later vintage sells its vintages from `preParisBefore` (2016) on, one priced at a pre-Paris vintage the rest;
 * - any other price (a quote for no vintage, a generated market's) sells every vintage left.
 */
export function saleOfRow(
  vintages: VintageRemaining,
  remaining: number,
  price: { basis: 'quote' | 'estimate' | 'market'; quote: { vintage: number | null } | null },
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
