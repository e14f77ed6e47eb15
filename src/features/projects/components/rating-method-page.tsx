import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { ratingMethodQueries } from '../../../api/queries/rating-method'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { formatPercent } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/use-document-title'
import './project-page.css'

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
      <h1>How the quality rating is formed</h1>
      {method.isPending ? (
        <Skeleton lines={10} label="Loading the rating method…" />
      ) : method.isError ? (
        <QueryError error={method.error} what="the rating method" onRetry={() => void method.refetch()} />
      ) : (
        <>
          <p className="lede">
            Version <code>{method.data.version}</code>. {method.data.description}
          </p>
          <section aria-labelledby="method-signals-title">
            <h2 id="method-signals-title">Signals</h2>
            {method.data.signals.map((signal) => (
              <section key={signal.key} className="card method-signal" aria-labelledby={`signal-${signal.key}`}>
                <h3 id={`signal-${signal.key}`}>
                  {signal.label} <span className="muted">· weight {formatPercent(signal.weight)}</span>
                </h3>
                <p>{signal.description}</p>
                <ul>
                  {signal.rules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              </section>
            ))}
          </section>
          <section aria-labelledby="method-citations-title">
            <h2 id="method-citations-title">Evidence cited</h2>
            <ol className="method-citations">
              {method.data.citations.map((citation) => (
                <li key={citation.id} id={`citation-${citation.id}`} tabIndex={-1}>
                  <code>{citation.id}</code>: {citation.text}
                  {citation.url && (
                    <>
                      {' '}
                      <a href={citation.url} rel="noreferrer">
                        {citation.url}
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </article>
  )
}
