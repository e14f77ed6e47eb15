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
 * Shares that make up a whole, in words: each rounded to a whole percent on its own, as the table beside it rounds it
 * to a tenth, so the words never contradict the table. Rounded to add up to 100 instead (the points left given to the
 * largest remainders), 29.5% of a shortlist read "29%" and 19.6% "19%", beside 9.8% reading "10%"; the words may add
 * up to 99% or 101%, as rounded figures do. A share the rounding took to nothing reads "under 1%" (a shortlist's $112
 * of removals in $100,000 read "Long-duration removal 0%" beside its bar), and no share reads "100%" beside another.
 */
export function percentsInWords(fractions: readonly number[]): string[] {
  // Nudged up by far less than a point before rounding: 0.295 × 100 is 29.499999999999996 in binary.
  const percents = fractions.map((fraction) => Math.round(fraction * 100 + 1e-9))
  const under = percents.map((percent, i) => percent === 0 && fractions[i] > 0)
  const whole = percents.indexOf(100)
  if (whole >= 0 && fractions.some((fraction, i) => i !== whole && fraction > 0)) percents[whole] = 99
  return percents.map((percent, i) => (under[i] ? 'under 1%' : `${percent}%`))
}
