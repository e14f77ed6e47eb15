import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { EmptyState } from '../components/empty-state'
import { describeError } from '../lib/error-message'
import { useDocumentTitle } from '../lib/use-document-title'
import { AppFrame } from './app-frame'
import { paths } from './paths'

/**
 * Catches what a page throws while rendering or loading, and keeps the app usable: the header stays,
 * the reader learns what happened and can reload or go home.
 */
export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong')

  if (notFound) {
    return (
      <AppFrame>
        <EmptyState headingLevel="h1" title="Page not found" action={<Link to={paths.home()}>Go to recommendations</Link>}>
          <p>There is no page at this address.</p>
        </EmptyState>
      </AppFrame>
    )
  }

  const detail = isChunkLoadError(error)
    ? 'A newer version of Credence is available, or the connection dropped while loading this page. Reload to continue.'
    : describeError(error).detail
  return (
    <AppFrame>
      <section className="route-error" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. {detail}</p>
        <p className="actions">
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link to={paths.home()}>Go to recommendations</Link>
        </p>
      </section>
    </AppFrame>
  )
}

function isChunkLoadError(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message)
}
