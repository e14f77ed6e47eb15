import { Link } from 'react-router-dom'
import { topBeneficiaryCount, type ProjectCredits } from '../../../api/contract/projects'
import { useSourceName } from '../../../api/queries/sources'
import { GroupedBarChart } from '../../../components/charts/grouped-bar-chart'
import { formatDate, formatNumber, missingValue } from '../../../lib/format'
import { ScrollingTable } from '../../../components/scrolling-table'

const figureNames = { issued: 'Issued', retired: 'Retired or cancelled', remaining: 'Remaining' } as const

/**
 * The project's credits as the newest complete count plus the registries' records dated after it, each figure
 * saying what it stands on; what each source says where there are several; remaining per vintage (a chart and
 * its numbers); and who its credits were retired for.
 */
type SourceFacts = ProjectCredits['sources'][number]

/** What a registry's records put into and took from its buffer pool: the pool's, in neither column beside it. */
function poolWords(s: SourceFacts): string {
  const parts = [
    ...(s.buffer_issued ? [`${formatNumber(s.buffer_issued, 3)} issued into it`] : []),
    ...(s.buffer_cancelled ? [`${formatNumber(s.buffer_cancelled, 3)} cancelled from it`] : []),
  ]
  return parts.length > 0 ? parts.join('; ') : missingValue
}

/**
 * A sum of a registry's records, or "none in its records" where they hold none of the kind: "Issued 0" beside the
 * Reserve's retirements of CAR1822 read as a claim that nothing was issued, where its sample holds no issuance.
 */
function recordsSum(s: SourceFacts, sum: number): React.ReactNode {
  return s.basis === 'records' && sum === 0 ? <span className="muted">none in its records</span> : formatNumber(sum, 3)
}

export function ProjectCreditFigures({ credits, beneficiaryHref, recordsHref }: { credits: ProjectCredits; beneficiaryHref: (name: string) => string; recordsHref: string }) {
  // The API gives the ten it retired most for: a list of ten says so, and where the rest are (ISO7BDE's eleventh was on
  // no list, though its records table named it).
  const topOnly = credits.top_beneficiaries.length >= topBeneficiaryCount
  const nameOf = useSourceName()
  // A column of the pool's credits only where a source's records hold some.
  const pooled = credits.sources.some((s) => (s.buffer_issued ?? 0) > 0 || (s.buffer_cancelled ?? 0) > 0)
  const vintages = credits.by_vintage
  return (
    <section className="card credit-figures" aria-labelledby="credit-figures-title">
      <h2 id="credit-figures-title">Credits, counted once</h2>
      <dl className="credit-figure-list">
        {(['issued', 'retired', 'remaining'] as const).map((fact) => (
          <div key={fact}>
            <dt>{figureNames[fact]}</dt>
            <dd>
              <strong>{formatNumber(credits[fact].value, 3)}</strong>
              <span className="muted"> {credits[fact].text}</span>
            </dd>
          </div>
        ))}
      </dl>
      {credits.sources.length > 1 && (
        <ScrollingTable label="What each source says, scrollable">
          {/* A card a source on a phone: scrolled sideways at 412 px, the figure in dispute stood past the edge. */}
          <table className="cards-on-phone">
            {/* Figures of different bases (a count, the records after it) differ without disagreeing: the API names a
                disagreement where there is one. */}
            <caption>What each source says, each as of its own date{credits.disagreements.length > 0 ? ': they disagree, so both are shown' : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Basis</th>
                <th scope="col">As of</th>
                <th scope="col" className="numeric">Issued</th>
                <th scope="col" className="numeric">Retired or cancelled</th>
                {pooled && <th scope="col">Its buffer pool</th>}
              </tr>
            </thead>
            <tbody>
              {credits.sources.map((s) => (
                <tr key={s.source}>
                  <th scope="row">{nameOf(s.source)}</th>
                  <td data-label="Basis">{s.basis === 'count' ? 'Its count' : `${formatNumber(s.records ?? 0)} ${s.records === 1 ? 'record' : 'records'} in its export`}</td>
                  <td data-label="As of">{s.as_of ? formatDate(s.as_of) : missingValue}</td>
                  <td data-label="Issued" className="numeric">
                    {recordsSum(s, s.issued)}
                  </td>
                  <td data-label="Retired or cancelled" className="numeric">
                    {recordsSum(s, s.retired)}
                  </td>
                  {pooled && <td data-label="Its buffer pool">{poolWords(s)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      {credits.disagreements.length > 0 && (
        <div className="credit-disagreements" role="note" aria-labelledby="credit-disagreements-title">
          <h3 id="credit-disagreements-title">Where the sources disagree</h3>
          <ul>
            {credits.disagreements.map((d) => (
              <li key={`${d.kind}:${d.vintage}:${d.figures.map((f) => `${f.source}:${f.says}`).join('|')}`}>{d.text}</li>
            ))}
          </ul>
        </div>
      )}
      {vintages.length > 0 && (
        <GroupedBarChart
          title="Credits remaining per vintage"
          description="Each vintage as the count states it (issued, and remaining as of its date; retired or cancelled is the rest), plus the records dated after the count, each in the vintage it names. The vintages add up to the totals above."
          categoryLabel="Vintage"
          categories={vintages.map((v) => (v.vintage === null ? 'No vintage' : String(v.vintage)))}
          // In the order, and so the colours, of the yearly chart above it: issued first, then retired.
          series={[
            { label: 'Issued', values: vintages.map((v) => v.issued) },
            { label: 'Retired or cancelled', values: vintages.map((v) => v.retired) },
            { label: 'Remaining', values: vintages.map((v) => v.remaining) },
          ]}
          // To the thousandth, as the figures above it: ISO6TMZ's −148.783 read −149 here.
          formatValue={(value) => formatNumber(value, 3)}
          tableOpen
        />
      )}
      {credits.top_beneficiaries.length > 0 && (
        <ScrollingTable label="Who its credits were retired for, scrollable">
          <table>
            <caption>{topOnly ? `The ${topBeneficiaryCount} its credits were retired for most` : 'Who its credits were retired for'}</caption>
            <thead>
              <tr>
                <th scope="col">Retired for</th>
                <th scope="col" className="numeric">Credits (tCO2e)</th>
                <th scope="col" className="numeric">Records</th>
              </tr>
            </thead>
            <tbody>
              {credits.top_beneficiaries.map((b) => (
                <tr key={b.name}>
                  <th scope="row">
                    <Link to={beneficiaryHref(b.name)}>{b.name}</Link>
                  </th>
                  <td className="numeric">{formatNumber(b.quantity, 3)}</td>
                  <td className="numeric">{formatNumber(b.records)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      {topOnly && (
        <p className="muted">
          The list stops at {topBeneficiaryCount}: <Link to={recordsHref}>every record of the project</Link> is on the Credits page.
        </p>
      )}
    </section>
  )
}
