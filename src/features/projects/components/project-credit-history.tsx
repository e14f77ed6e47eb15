import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import type { CreditHistory, ProjectCredits } from '../../../api/contract/projects'
import { sourceQueries, useSourceName } from '../../../api/queries/sources'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import { DataAttribution } from '../../../components/data-attribution'
import { formatDate, formatNumber } from '../../../lib/format'
import { CreditBasisSwitch } from './credit-basis-switch'
import { creditSeries, creditYearsWithLater, laterExports, readCreditBasis, type CreditBasis } from '../../../api/credit-series'

interface ProjectCreditHistoryProps {
  history: CreditHistory
  /** The project's figures: the records dated after the count are added to its years, so the chart says what they say. */
  figures: Pick<ProjectCredits, 'later_by_year' | 'by_vintage' | 'issued' | 'retired' | 'sources'>
  synthetic: boolean
}

const titles: Record<CreditBasis, string> = {
  transaction: 'Credits issued and retired per year',
  vintage: 'Credits issued and retired per vintage',
}

const unreported = 'No source has reported this project’s credits per year.'

/** The project's credits year by year, as a chart and as a table, with the date and source of the figures. */
export function ProjectCreditHistory({ history, figures, synthetic }: ProjectCreditHistoryProps) {
  const [params, setParams] = useSearchParams()
  const basis = readCreditBasis(params.get('credits'))
  const sources = useQuery(sourceQueries.list())
  const sourceName = useSourceName()
  const source = sources.data?.data.find((candidate) => candidate.id === history.source)
  const rows = creditYearsWithLater(history.years, figures)
  const { years, series } = creditSeries(rows, basis)
  // The registries whose records, dated after the count, the years add.
  const later = laterExports(figures, sourceName)
  const laterClause = later.length > 0 ? `, with the records dated after it from ${later.join(' and ')}` : ''
  // Records with no day of their own (Gold Standard's cancellations of GS12875) are in no year: said, where they are all
  // a project's records, beside "no source has reported", which read as though no registry knew the project.
  const undated = figures.sources.filter((facts) => facts.basis === 'records' && facts.issued + facts.retired > 0).map((facts) => `${sourceName(facts.source)}'s export`)
  const unreportedText = later.length === 0 && undated.length > 0 ? `${unreported} The records of ${undated.join(' and ')} carry no day of their own to place them in a year.` : unreported
  // Where the figures come from, then whether they are generated; with no source and no year, the empty chart says so.
  const provenance = [
    ...(history.source
      ? [`From ${source?.name ?? history.source}, data as of ${formatDate(history.as_of)}${laterClause}.`]
      : later.length > 0
        ? [`From the records of ${later.join(' and ')}, by the year of their day.`]
        : rows.length > 0
          ? [unreportedText]
          : []),
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
      {rows.length > 0 && <CreditBasisSwitch basis={basis} onChange={chooseBasis} />}
      <GroupedBarChart
        title={titles[basis]}
        description={describe(years, series)}
        categoryLabel={basis === 'vintage' ? 'Vintage' : 'Year'}
        categories={years}
        series={series}
        // With no source and no year, one sentence says so: the empty chart's and the provenance's said it twice.
        emptyText={history.source || later.length > 0 ? 'No credits issued or retired are on record for this project.' : unreportedText}
      />
      {provenance.length > 0 && <p className="credit-history-provenance muted">{provenance.join(' ')}</p>}
      {!synthetic && source?.attribution && <DataAttribution attribution={source.attribution} />}
    </section>
  )
}

function describe(years: string[], series: { label: string; values: number[] }[]) {
  if (years.length === 0) return undefined
  const period = years.length === 1 ? years[0] : `${years[0]} to ${years[years.length - 1]}`
  // A total over the years is not "issued in the year": the bars' label is each year's, the sum is all of them.
  const totals = series.map((s) => `${s.label.toLowerCase().replace(/ in the year$/, '')}: ${formatNumber(s.values.reduce((sum, v) => sum + v, 0))}`)
  return `${period}. In all, ${totals.join('; ')}.`
}
