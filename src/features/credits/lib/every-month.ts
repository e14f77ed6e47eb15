/**
 * Every month from the first period to the last (`2024-04` … `2025-03`), so a chart's bars stand where time puts
 * them: a month with no record between two that have one reads as none, not as no time. The Credits page's chart of
 * ACR's records set 2024-04, 2024-06 and 2024-10 side by side, evenly spaced.
 */
export function everyMonth(periods: readonly string[]): string[] {
  if (periods.length === 0) return []
  const index = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1
  const sorted = [...periods].sort()
  const months: string[] = []
  for (let at = index(sorted[0]); at <= index(sorted[sorted.length - 1]); at++) {
    months.push(`${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`)
  }
  return months
}
