import { missingValue } from '../../../lib/format'

/*
 * Shares as a shortlist states them. Kept with the shortlist, not in lib/format.ts: the home route loads that file,
 * and its JavaScript is held to a budget (tests/e2e/budgets.spec.ts).
 */
const shareFormat = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 })

/** A cap or share as a person types one, or as the API widens one: whole percents, or to the hundredth where it has one (`30.5%`, `0.3%`, `10.01%`). */
export function formatShare(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return missingValue
  return shareFormat.format(fraction)
}

/**
 * Shares that make up a whole, in words, as whole percents that add up to the whole: each share takes its percent
 * rounded down, and the points still missing go to the shares the rounding down cut most (the largest remainders;
 * between equal ones, the earlier, larger share). Each percent is then within a point of its share; rounded each on
 * its own, a shortlist's mix read "40%, 30%, 20%, 11%" and a buyer asked where the 101st percent went. A share the
 * rounding took to nothing reads "under 1%" (a shortlist's $112 of removals in $100,000 read "Long-duration removal
 * 0%" beside its bar), and no share reads "100%" beside another: the largest gives it its point and reads 99%.
 */
export function percentsInWords(fractions: readonly number[]): string[] {
  const percents = wholePercents(fractions)
  const under = percents.map((percent, i) => percent === 0 && fractions[i] > 0)
  const whole = percents.indexOf(100)
  if (whole >= 0 && fractions.some((fraction, i) => i !== whole && fraction > 0)) percents[whole] = 99
  return percents.map((percent, i) => (under[i] ? 'under 1%' : `${percent}%`))
}

/** Whole percents adding up to the shares' own total (100 for a whole), by largest remainder. */
function wholePercents(fractions: readonly number[]): number[] {
  // Held to a millionth of a point: 0.295 × 100 is 29.499999999999996 in binary, and its half would lose a tie.
  const exact = fractions.map((fraction) => Math.round(fraction * 100 * 1e6) / 1e6)
  const percents = exact.map(Math.floor)
  const total = Math.round(exact.reduce((sum, percent) => sum + percent, 0))
  const missing = total - percents.reduce((sum, percent) => sum + percent, 0)
  const byRemainder = exact.map((_, i) => i).sort((a, b) => exact[b] - percents[b] - (exact[a] - percents[a]) || a - b)
  for (const i of byRemainder.slice(0, missing)) percents[i] += 1
  return percents
}
