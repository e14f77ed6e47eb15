import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { ratingMethodQueries } from '../../../api/queries/rating-method'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { MethodSignal } from './method-signal'
import { PriceMethodSection } from './price-method'
import './rating-method.css'
import { ScrollingTable } from '../../../components/scrolling-table'

/** The open rating as the API serves it: each signal's weight and rules, and the evidence they cite. */
export function RatingMethodPage() {
  useDocumentTitle('Rating method')
  const method = useQuery(ratingMethodQueries.current())
  const { hash } = useLocation()
  // A citation's link (`#citation-probst-2024`) lands on it once the page has it.
  useEffect(() => {
    if (method.data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.()
  }, [method.data, hash])

  return (
    <article className="rating-method">
      <h1>How the quality rating and prices are formed</h1>
      {method.isPending ? (
        <Skeleton lines={10} label="Loading the rating method…" />
      ) : method.isError ? (
        <QueryError error={method.error} what="the rating method" onRetry={() => void method.refetch()} />
      ) : (
        <>
          <p className="lede">
            Version <code>{method.data.version}</code>. {method.data.description}
          </p>
          <section aria-labelledby="method-points-title">
            <h2 id="method-points-title">From signals to a grade</h2>
            <p>{method.data.points}</p>
            <ScrollingTable className="method-grades-wrap" label="Grades by score">
              <table className="method-grades">
                <caption>Grades by score</caption>
                <thead>
                  <tr>
                    <th scope="col">Grade</th>
                    <th scope="col" className="numeric">
                      Score from
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {method.data.grades.map(({ grade, min_score }) => (
                    <tr key={grade}>
                      <th scope="row">{grade}</th>
                      <td className="numeric">{min_score}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollingTable>
          </section>
          <section aria-labelledby="method-signals-title">
            <h2 id="method-signals-title">Signals</h2>
            {method.data.signals.map((signal) => (
              <MethodSignal key={signal.key} signal={signal} />
            ))}
          </section>
          <PriceMethodSection method={method.data.prices} />
          <section aria-labelledby="method-citations-title">
            <h2 id="method-citations-title">Evidence cited</h2>
            <ol className="method-citations">
              {method.data.citations.map((citation) => (
                <li key={citation.id} id={`citation-${citation.id}`} tabIndex={-1}>
                  <strong>
                    {citation.short}
                  </strong>
                  .{' '}
                  {citation.url ? (
                    <a href={citation.url} rel="noreferrer">
                      {citation.title}
                    </a>
                  ) : (
                    <cite>{citation.title}</cite>
                  )}
                  . <span className="muted">{citation.text}</span>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </article>
  )
}
