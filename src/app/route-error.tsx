import { Link } from 'react-router-dom'
import { describeError } from '../api/error-message'
import { useDocumentTitle } from '../lib/use-document-title'
import { paths } from './paths'

/**
 * What the reader sees in place of a page that failed: what happened, and a way to reload or go home.
 * The header stays around it.
 */
export function RouteError({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong')
  const detail = isChunkLoadError(error)
    ? 'A newer version of Credence is available, or the connection dropped while loading this page. Reload to continue.'
    : describeError(error).detail
  return (
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
  )
}

function isChunkLoadError(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message)
}
