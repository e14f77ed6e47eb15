import { useQuery } from '@tanstack/react-query'
import type { CreditFilter, CreditTotals } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import type { SeriesColour } from '../../../components/charts/chart-model'
import { formatNumber } from '../../../lib/format'
import { creditKindNames } from '../../../api/project-labels'
import { everyMonth } from '../lib/every-month'

// Four kinds, as many as the chart has colours for; issuances into buffer pools are said under it, not drawn.
const kinds = ['issued', 'retired', 'cancelled', 'retired_or_cancelled'] as const
const kindLabels = {
  issued: 'Issued',
  retired: 'Retired',
  cancelled: 'Cancelled',
  retired_or_cancelled: creditKindNames.retirement_or_cancellation,
} satisfies Record<(typeof kinds)[number], string>

/**
 * A kind that no period has is left off the chart, so a filter for retirements shows retirements alone. Every month
 * from the first to the last is a bar, a month with no record at none (`everyMonth`).
 */
function seriesOf(totals: CreditTotals, months: readonly string[]) {
  const byMonth = new Map(totals.periods.map((period) => [period.period, period]))
  return kinds
    // Each kind in its own colour, whichever kinds a filter leaves on the chart.
    .map((kind, i) => ({ label: kindLabels[kind], values: months.map((month) => byMonth.get(month)?.[kind] ?? 0), colour: (i + 1) as SeriesColour }))
    .filter((series) => series.values.some((value) => value !== 0))
}

/** Credits per month under the page's filters, by kind, with the numbers as a table. */
export function CreditsChart({ filter }: { filter: CreditFilter }) {
  const totals = useQuery(creditQueries.totals({ ...filter, interval: 'month' }))
  if (!totals.data || totals.data.periods.length === 0) return null
  const months = everyMonth(totals.data.periods.map((period) => period.period))
  const withRecords = totals.data.periods.length
  const intoPools = totals.data.periods.reduce((total, period) => total + period.into_buffer_pool, 0)
  const pools = intoPools > 0 ? ` Issued is to the projects: ${formatNumber(intoPools, 3)} issued into buffer pools are not drawn.` : ''
  return (
    <section className="card credits-chart" aria-busy={totals.isPlaceholderData}>
      <GroupedBarChart
        title="Credits per month, by kind"
        // A record with no day of its own (six of Gold Standard's cancellations) is in the counts above, in no month.
        description={`Over every dated record these filters keep: ${formatNumber(months.length)} month${months.length === 1 ? '' : 's'} from the first to the last, ${formatNumber(withRecords)} with records, the others at none; a record with no day is in the counts above but in no month.${pools}`}
        categoryLabel="Month"
        categories={months}
        series={seriesOf(totals.data, months)}
        formatValue={(value) => formatNumber(value, 3)}
        height={200}
      />
    </section>
  )
}
