import type { CreditYear } from './contract/projects'

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

const seriesOf: Record<CreditBasis, readonly [keyof CreditYear, string][]> = {
  transaction: [
    ['issued_in_year', 'Issued in the year'],
    ['retired_in_year', 'Retired in the year'],
  ],
  vintage: [
    ['issued_by_vintage', 'Issued, of the vintage'],
    ['retired_by_vintage', 'Retired, of the vintage'],
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
