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
 * Whole percents of shares that make up a whole, adding up to 100 as the whole does: each rounded down, then the
 * points left given to the largest remainders (the first on a tie), so `69.5%` and `30.5%` read 70% and 30%, not 101%.
 */
export function wholePercents(fractions: readonly number[]): number[] {
  const exact = fractions.map((fraction) => fraction * 100)
  // Nudged up by far less than a point before rounding down: 0.29 × 100 is 28.999999999999996 in binary.
  const percents = exact.map((value) => Math.floor(value + 1e-9))
  const left = Math.round(exact.reduce((sum, value) => sum + value, 0)) - percents.reduce((sum, value) => sum + value, 0)
  const byRemainder = exact.map((value, i) => ({ i, remainder: value - percents[i] })).sort((a, b) => b.remainder - a.remainder || a.i - b.i)
  for (let n = 0; n < left && n < byRemainder.length; n++) percents[byRemainder[n].i]++
  return percents
}

/**
 * Shares that make up a whole, in words: whole percents (`wholePercents`), as the table beside them rounds them,
 * but a share the rounding took to nothing reads "under 1%" (a shortlist's $112 of removals in $100,000 read
 * "Long-duration removal 0%" beside its bar), and no share reads "100%" beside another. Each other share keeps its
 * rounding: a largest share giving a point to each "under 1%" read North America's 49.99% "49%" beside the table's
 * 50.0% and the caps' "no country takes more than 50%".
 */
export function percentsInWords(fractions: readonly number[]): string[] {
  const percents = wholePercents(fractions)
  const under = percents.map((percent, i) => percent === 0 && fractions[i] > 0)
  const whole = percents.indexOf(100)
  if (whole >= 0 && fractions.some((fraction, i) => i !== whole && fraction > 0)) percents[whole] = 99
  return percents.map((percent, i) => (under[i] ? 'under 1%' : `${percent}%`))
}
