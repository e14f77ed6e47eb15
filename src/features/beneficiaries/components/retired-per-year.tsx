import type { Beneficiary } from '../../../api/contract/beneficiaries'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import { formatNumber } from '../../../lib/format'

/** Credits retired for the beneficiary per year, a chart with its numbers as a table. */
export function RetiredPerYear({ beneficiary }: { beneficiary: Beneficiary }) {
  const years = beneficiary.by_year
  if (years.length === 0) return null
  const dated = years.filter((year) => year.year !== null)
  return (
    <section className="card" aria-labelledby="retired-per-year-title">
      <h2 id="retired-per-year-title">Per year</h2>
      <GroupedBarChart
        title="Credits retired per year"
        description={`${formatNumber(beneficiary.quantity, 3)} credits over ${formatNumber(dated.length)} year${dated.length === 1 ? '' : 's'}, by the year each was retired${dated.length < years.length ? '; records with no date last' : ''}.`}
        categoryLabel="Year"
        categories={years.map((year) => (year.year === null ? 'No date' : String(year.year)))}
        series={[{ label: 'Retired', values: years.map((year) => year.quantity) }]}
        formatValue={(value) => formatNumber(value, 3)}
        height={200}
      />
    </section>
  )
}
