import type { CreditYear, ProjectFilters } from '../../api/contract/projects'
import { creditYearRange, type Catalogue } from '../catalogue/catalogue'
import { compileFilters, matches } from './project-search'

const series = ['issued_by_vintage', 'issued_in_year', 'retired_in_year', 'retired_by_vintage', 'remaining_by_vintage'] as const

/**
 * The credits per year of the projects the filters leave, summed: the years where some series is not zero,
 * ascending. Series are summed as they are; a registry's reversal (a negative count) stays in the sum.
 */
export function creditHistory(catalogue: Catalogue, filters: ProjectFilters): { projects: number; years: CreditYear[] } {
  const compiled = compileFilters(catalogue, filters)
  const { credits } = catalogue
  // Retired of a vintage is what its issuance no longer holds: issued of it less what Berkeley counts remaining.
  const retiredByVintage = credits.issuedByVintage.map((issued, k) => issued - credits.remainingByVintage[k])
  const columns = [credits.issuedByVintage, credits.issuedInYear, credits.retiredInYear, retiredByVintage, credits.remainingByVintage]
  const byYear = new Map<number, Float64Array>()
  let projects = 0
  for (let row = 0; row < catalogue.size; row++) {
    if (!matches(catalogue, row, compiled)) continue
    projects++
    const [from, to] = creditYearRange(catalogue, row)
    for (let k = from; k < to; k++) {
      let sums = byYear.get(credits.year[k])
      if (!sums) byYear.set(credits.year[k], (sums = new Float64Array(series.length)))
      for (let s = 0; s < series.length; s++) sums[s] += columns[s][k]
    }
  }
  const years = [...byYear]
    .filter(([, sums]) => sums.some((sum) => sum !== 0))
    .sort(([a], [b]) => a - b)
    .map(([year, sums]) => ({ year, ...Object.fromEntries(series.map((name, s) => [name, Math.round(sums[s])])) }) as CreditYear)
  return { projects, years }
}
