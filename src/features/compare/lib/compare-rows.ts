import type { CreditYear, ProjectDetail } from '../../../api/contract/projects'
import type { SpotPrice } from '../../../api/contract/prices'
import { formatDate, formatNumber, formatPercent, formatUnitPrice, missingValue } from '../../../lib/format'
import { formatScore } from '../../../lib/format-score'
import { creditSeries, creditYearsWithLater, laterExports, type CreditSeries } from '../../../api/credit-series'
import { formatFactValue } from '../../../api/fact-value'
import { reductionRemovalNames, registryNames, statusNames } from '../../../api/project-labels'
import { priceBasisWords } from '../../../api/price-basis'
import { coBenefitsInWords, regionLabel } from '../../../api/value-labels'

/** One project in the comparison: its record, and its spot price (null: not quoted; undefined: not in yet). */
export interface ComparedProject {
  project: ProjectDetail
  price: SpotPrice | null | undefined
}

export interface CompareCell {
  text: string
  /** The number the row is judged by, when it has one. */
  value?: number | null
  /** Lines under the value: the facts a signal used, the source of a price. */
  notes?: string[]
  citations?: string[]
  /** A small chart of the cell's numbers per year, drawn beside its text (credit history). */
  chart?: { title: string } & CreditSeries
}

export interface CompareRow {
  id: string
  label: string
  cells: CompareCell[]
  /** Which way is better, for rows where one is: the best cell is marked. */
  better?: 'higher' | 'lower'
}

export interface CompareSection {
  id: string
  title: string
  rows: JudgedRow[]
}

export interface JudgedRow extends CompareRow {
  /** The projects do not all read the same on this row. */
  differs: boolean
  /** Columns holding the best value, when the row has a better direction and its values differ. */
  best: number[]
}

/** Marks a row: it differs when its texts do; the best is the highest (or lowest) of the known values. */
export function judgeRow(row: CompareRow): JudgedRow {
  const differs = new Set(row.cells.map((cell) => cell.text)).size > 1
  const known = row.cells.flatMap((cell, index) => (typeof cell.value === 'number' ? [{ value: cell.value, index }] : []))
  if (!row.better || !differs || known.length < 2) return { ...row, differs, best: [] }
  const pick = row.better === 'higher' ? Math.max : Math.min
  const bestValue = pick(...known.map((entry) => entry.value))
  // When every known value ties, none is better; the row differs only by a missing value.
  const best = known.every((entry) => entry.value === bestValue) ? [] : known.filter((entry) => entry.value === bestValue).map((entry) => entry.index)
  return { ...row, differs, best }
}

const listText = (values: string[]) => (values.length > 0 ? values.join(', ') : 'None')
const numberCell = (value: number | null, text = formatNumber(value)): CompareCell => ({ text, value })

function factRows(projects: ComparedProject[]): CompareRow[] {
  const row = (id: string, label: string, read: (p: ProjectDetail) => CompareCell | string, better?: 'higher' | 'lower'): CompareRow => ({
    id,
    label,
    better,
    cells: projects.map(({ project }) => {
      const cell = read(project)
      return typeof cell === 'string' ? { text: cell } : cell
    }),
  })
  return [
    row('data', 'Data', (p) => (p.synthetic ? 'Synthetic (generated, not a registry record)' : 'Real registry record')),
    row('registry', 'Registry', (p) => registryNames[p.registry]),
    row('status', 'Status', (p) => statusNames[p.status]),
    row('type', 'Type', (p) => p.type),
    row('reduction_removal', 'Reduction or removal', (p) => reductionRemovalNames[p.reduction_removal]),
    row('scope', 'Scope', (p) => p.scope),
    row('methodology', 'Methodology', (p) => p.methodology ?? missingValue),
    row('region', 'Region', (p) => regionLabel(p.region)),
    row('country', 'Country', (p) => p.country),
    row('developer', 'Developer', (p) => p.developer ?? missingValue),
    row('vintage', 'First vintage', (p) => numberCell(p.vintage, p.vintage === null ? missingValue : String(p.vintage))),
    row('registered_at', 'Registered', (p) => (p.registered_at ? formatDate(p.registered_at) : missingValue)),
    row('credits_issued', 'Credits issued', (p) => numberCell(p.credits.issued)),
    row('credits_retired', 'Credits retired or cancelled', (p) => numberCell(p.credits.retired)),
    row('credits_remaining', 'Credits remaining', (p) => numberCell(p.credits.remaining), 'higher'),
    row('buffer', 'Buffer pool', (p) => numberCell(p.credits.buffer)),
    row('labels', 'Labels', (p) => listText(p.labels)),
    row('co_benefits', 'Co-benefits', (p) => (p.co_benefits.length > 0 ? coBenefitsInWords(p.co_benefits) : 'None')),
  ]
}

function qualityRows(projects: ComparedProject[]): CompareRow[] {
  const composite: CompareRow = {
    id: 'quality_score',
    label: 'Composite score (0–100)',
    better: 'higher',
    cells: projects.map(({ project: { quality_breakdown: q } }) => ({
      text: q.score === null ? 'Not rated' : `${q.grade} (${formatScore(q.score)})`,
      value: q.score,
      notes: q.score === null ? [] : [`Evidence backs ${formatPercent(q.rated_weight)} of the weight`],
    })),
  }
  // Every project carries the same eight signals, in the same order; the first names the rows.
  const signals = projects[0]?.project.quality_breakdown.signals ?? []
  const signalRows = signals.map(
    (first): CompareRow => ({
      id: `signal_${first.key}`,
      label: first.label,
      better: 'higher',
      cells: projects.map(({ project }) => {
        const signal = project.quality_breakdown.signals.find((s) => s.key === first.key)
        if (!signal || signal.status === 'missing' || signal.value === null) {
          return { text: signal ? `Missing, counted as ${formatNumber(signal.counted_value, 2)}` : 'Missing', value: null, notes: signal ? [signal.evidence] : [] }
        }
        // The facts the value was computed from, then the evidence note; the citations link to the method.
        const facts = signal.facts.map((fact) => `${fact.name}: ${formatFactValue(fact.value)}`)
        return { text: formatNumber(signal.value, 2), value: signal.value, notes: [...facts, signal.evidence], citations: signal.citations }
      }),
    }),
  )
  return [composite, ...signalRows]
}

function priceRows(projects: ComparedProject[]): CompareRow[] {
  return [
    {
      id: 'spot_price',
      label: 'Spot price (USD per tCO2e)',
      better: 'lower',
      cells: projects.map(({ price }) => {
        if (price === undefined) return { text: 'Loading…' }
        if (price === null) return { text: 'Not quoted', value: null }
        return {
          text: formatUnitPrice(price.value),
          value: price.value,
          notes: [priceBasisWords(price), `${price.source}, as of ${formatDate(price.as_of)}`],
        }
      }),
    },
  ]
}

function historyRows(projects: ComparedProject[], sourceName: (id: string) => string): CompareRow[] {
  // The years as the project's figures count them: Berkeley's, with the registries' records dated after its count.
  const histories = projects.map(({ project }) => creditYearsWithLater(project.credit_history.years, project.credit_figures))
  const issuing = histories.map((years) => years.filter((year) => year.issued_in_year > 0).map((year) => year.year))
  const yearCell = (years: number[], pick: (...values: number[]) => number): CompareCell =>
    years.length > 0 ? { text: String(pick(...years)), value: pick(...years) } : { text: 'None recorded', value: null }
  return [
    { id: 'first_issuance', label: 'First issuance', cells: issuing.map((years) => yearCell(years, Math.min)) },
    // A project still issuing is still monitored and verified; one that stopped years ago is not.
    { id: 'last_issuance', label: 'Last issuance', better: 'higher', cells: issuing.map((years) => yearCell(years, Math.max)) },
    {
      id: 'history_source',
      label: 'History from',
      // As the project's page says it: the years below add the registries' records dated after the count, so their
      // exports are named beside it (ACR1129 read "Berkeley …, as of Dec 31, 2025" over ACR's retirements of 2026).
      cells: projects.map(({ project: { credit_history: h, credit_figures: figures } }) => {
        const later = laterExports(figures, sourceName).join(' and ')
        if (!h.source) return { text: later ? `The records of ${later}` : 'No source' }
        return { text: `${sourceName(h.source)}${h.as_of ? `, as of ${formatDate(h.as_of)}` : ''}${later ? `, with the records dated after it from ${later}` : ''}` }
      }),
    },
    {
      // One small chart per project, the numbers in its table: fifteen rows of year-by-year pairs read as noise.
      id: 'history_chart',
      label: 'Issued and retired per year',
      cells: projects.map(({ project }, i) => historyCell(project.key, histories[i])),
    },
  ]
}

function historyCell(key: string, years: readonly CreditYear[]): CompareCell {
  const series = creditSeries(years, 'transaction')
  if (series.years.length === 0) return { text: 'None recorded' }
  const [issued, retired] = series.series.map((s) => s.values.reduce((sum, value) => sum + value, 0))
  const period = series.years.length === 1 ? series.years[0] : `${series.years[0]} to ${series.years[series.years.length - 1]}`
  return {
    text: `${formatNumber(issued)} issued and ${formatNumber(retired)} retired, ${period}`,
    chart: { title: `${key}: credits issued and retired per year`, ...series },
  }
}

/** The comparison, section by section, each row judged for differences and its best value. */
export function compareSections(projects: ComparedProject[], sourceName: (id: string) => string = (id) => id): CompareSection[] {
  const sections = [
    { id: 'facts', title: 'Facts', rows: factRows(projects) },
    { id: 'quality', title: 'Quality signals', rows: qualityRows(projects) },
    { id: 'price', title: 'Price', rows: priceRows(projects) },
    { id: 'history', title: 'Credit history', rows: historyRows(projects, sourceName) },
  ]
  return sections.map((section) => ({ ...section, rows: section.rows.map(judgeRow) }))
}
