import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import type { CreditHistory } from '../../../api/contract/projects'
import { sourceQueries } from '../../../api/queries/sources'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import { DataAttribution } from '../../../components/data-attribution'
import { formatDate, formatNumber } from '../../../lib/format'
import { CreditBasisSwitch } from './credit-basis-switch'
import { creditSeries, readCreditBasis, type CreditBasis } from '../../../api/credit-series'

interface ProjectCreditHistoryProps {
  history: CreditHistory
  synthetic: boolean
}

const titles: Record<CreditBasis, string> = {
  transaction: 'Credits issued and retired per year',
  vintage: 'Credits issued and retired per vintage',
}

const unreported = 'No source has reported this project’s credits per year.'

/** The project's credits year by year, as a chart and as a table, with the date and source of the figures. */
export function ProjectCreditHistory({ history, synthetic }: ProjectCreditHistoryProps) {
  const [params, setParams] = useSearchParams()
  const basis = readCreditBasis(params.get('credits'))
  const sources = useQuery(sourceQueries.list())
  const source = sources.data?.data.find((candidate) => candidate.id === history.source)
  const { years, series } = creditSeries(history.years, basis)
  // Where the figures come from, then whether they are generated; with no source and no year, the empty chart says so.
  const provenance = [
    ...(history.source ? [`From ${source?.name ?? history.source}, data as of ${formatDate(history.as_of)}.`] : history.years.length > 0 ? [unreported] : []),
    ...(synthetic ? ['Generated with the project: not a real registry record.'] : []),
  ]
  const chooseBasis = (next: CreditBasis) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current)
        if (next === 'transaction') changed.delete('credits')
        else changed.set('credits', next)
        return changed
      },
      { replace: true, preventScrollReset: true },
    )

  return (
    <section className="card credit-history" aria-labelledby="credit-history-heading">
      <h2 id="credit-history-heading">Credits per year</h2>
      {history.years.length > 0 && <CreditBasisSwitch basis={basis} onChange={chooseBasis} />}
      <GroupedBarChart
        title={titles[basis]}
        description={describe(years, series)}
        categoryLabel={basis === 'vintage' ? 'Vintage' : 'Year'}
        categories={years}
        series={series}
        // With no source and no year, one sentence says so: the empty chart's and the provenance's said it twice.
        emptyText={history.source ? 'No credits issued or retired are on record for this project.' : unreported}
      />
      {provenance.length > 0 && <p className="credit-history-provenance muted">{provenance.join(' ')}</p>}
      {!synthetic && source?.attribution && <DataAttribution attribution={source.attribution} />}
    </section>
  )
}

function describe(years: string[], series: { label: string; values: number[] }[]) {
  if (years.length === 0) return undefined
  const period = years.length === 1 ? years[0] : `${years[0]} to ${years[years.length - 1]}`
  const totals = series.map((s) => `${s.label.toLowerCase()}: ${formatNumber(s.values.reduce((sum, v) => sum + v, 0))}`)
  return `${period}. In all, ${totals.join('; ')}.`
}
