import type { CompareLinks } from '../lib/links'
import type { CompareCell } from '../lib/compare-rows'
import { CitationLinks } from '../../../components/citation-links'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'

/** A value, "best" in words beside it when it is, and the facts and citations behind it. */
export function CompareCellContent({ cell, best, links }: { cell: CompareCell; best: boolean; links: CompareLinks }) {
  return (
    <>
      <span className="compare-value">{cell.text}</span>
      {best && (
        <>
          {' '}
          <span className="compare-best-mark">best</span>
        </>
      )}
      {cell.chart && (
        <GroupedBarChart title={cell.chart.title} categoryLabel="Year" categories={cell.chart.years} series={cell.chart.series} height={140} />
      )}
      {cell.notes && cell.notes.length > 0 && (
        <ul className="compare-notes">
          {cell.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {cell.citations && cell.citations.length > 0 && (
        <p className="compare-citations">
          Sources: <CitationLinks ids={cell.citations} href={links.ratingCitation} />
        </p>
      )}
    </>
  )
}
