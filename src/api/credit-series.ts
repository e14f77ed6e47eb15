import type { CreditYear, ProjectCredits } from './contract/projects'

/**
 * Berkeley counts credits per year on two bases: the year a credit was issued or retired (the transaction), or
 * its vintage (the year the reduction happened). A chart shows one basis at a time, both series on it.
 */
export type CreditBasis = 'transaction' | 'vintage'

export const creditBases: readonly CreditBasis[] = ['transaction', 'vintage']

export const creditBasisNames: Record<CreditBasis, string> = {
  transaction: 'Year issued or retired',
  vintage: 'Vintage',
}

/**
 * Retired or cancelled, as the project's header counts them: Berkeley's retirements hold its cancellations, and the
 * chart's "retired: 39,418" stood under a header of "Credits retired or cancelled 39,418".
 */
const seriesOf: Record<CreditBasis, readonly [keyof CreditYear, string][]> = {
  transaction: [
    ['issued_in_year', 'Issued in the year'],
    ['retired_in_year', 'Retired or cancelled in the year'],
  ],
  vintage: [
    ['issued_by_vintage', 'Issued, of the vintage'],
    ['retired_by_vintage', 'Retired or cancelled, of the vintage'],
    ['remaining_by_vintage', 'Remaining, of the vintage'],
  ],
}

export interface CreditSeries {
  years: string[]
  series: { label: string; values: number[] }[]
}

/**
 * The years from the first to the last with a credit on this basis, none skipped (a year without credits is a
 * zero, and the axis stays a time line), each series' value per year.
 */
export function creditSeries(rows: readonly CreditYear[], basis: CreditBasis): CreditSeries {
  const fields = seriesOf[basis]
  const counted = rows.filter((row) => fields.some(([field]) => row[field] !== 0))
  if (counted.length === 0) return { years: [], series: fields.map(([, label]) => ({ label, values: [] })) }
  const byYear = new Map(counted.map((row) => [row.year, row]))
  const first = Math.min(...byYear.keys())
  const last = Math.max(...byYear.keys())
  const years = Array.from({ length: last - first + 1 }, (_, index) => first + index)
  return {
    years: years.map(String),
    series: fields.map(([field, label]) => ({ label, values: years.map((year) => byYear.get(year)?.[field] ?? 0) })),
  }
}

/** `?credits=vintage` in the URL; the transaction basis when absent or unknown. */
export const readCreditBasis = (value: string | null): CreditBasis => (value === 'vintage' ? 'vintage' : 'transaction')

/**
 * A project's years as its figures count them: the count's own years (Berkeley's blocks, as of its date) with the
 * records dated after it added, issued and retired in the year of their day, and each vintage's issued, retired and
 * remaining as the figures give them (the count's, plus the later records of the vintage). So a chart of them sums
 * to the project's issued and retired, which name both sources.
 */
export function creditYearsWithLater(years: readonly CreditYear[], figures: Pick<ProjectCredits, 'later_by_year' | 'by_vintage'>): CreditYear[] {
  const zero = (year: number): CreditYear => ({ year, issued_by_vintage: 0, issued_in_year: 0, retired_in_year: 0, retired_by_vintage: 0, remaining_by_vintage: 0 })
  const byYear = new Map(years.map((row) => [row.year, { ...row, issued_by_vintage: 0, retired_by_vintage: 0, remaining_by_vintage: 0 }]))
  const at = (year: number) => byYear.get(year) ?? byYear.set(year, zero(year)).get(year)!
  for (const later of figures.later_by_year) {
    const row = at(later.year)
    row.issued_in_year += later.issued
    row.retired_in_year += later.retired
  }
  for (const vintage of figures.by_vintage) {
    if (vintage.vintage === null) continue
    const row = at(vintage.vintage)
    row.issued_by_vintage = vintage.issued
    row.retired_by_vintage = vintage.retired
    row.remaining_by_vintage = vintage.remaining
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year)
}

/**
 * The registries' exports whose records, dated after the count, a project's years add, each named once ("American
 * Carbon Registry's export"): what a page that shows those years says they are from, beside the count's source.
 */
export function laterExports(figures: Pick<ProjectCredits, 'issued' | 'retired'>, sourceName: (id: string) => string): string[] {
  return [...new Set([...figures.issued.since, ...figures.retired.since].map((since) => since.source))].map((id) => `${sourceName(id)}'s export`)
}
