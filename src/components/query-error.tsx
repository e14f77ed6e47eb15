import { describeError } from '../api/error-message'

interface QueryErrorProps {
  error: unknown
  onRetry?: () => void
  /** What failed to load, e.g. "the projects"; defaults to the error's own title. */
  what?: string
}

/** A first load that failed: says why, in place of the content, with a way to try again. */
export function QueryError({ error, onRetry, what }: QueryErrorProps) {
  const message = describeError(error)
  if (message.kind === 'credential') {
    // The shell says once, above the page, what was refused and what to do; here only what it stopped.
    return (
      <div role="alert" className="alert alert-error query-error">
        <p className="alert-title">{what ? `Could not load ${what}` : message.title}</p>
        <p>The API refused this app&rsquo;s credential: see the notice above the page.</p>
      </div>
    )
  }
  const saysWhy = message.kind === 'quota' || message.kind === 'network' || message.kind === 'unavailable'
  const title = saysWhy || !what ? message.title : `Could not load ${what}`
  return (
    <div role="alert" className={`alert ${message.kind === 'quota' ? 'alert-warning' : 'alert-error'} query-error`}>
      <p className="alert-title">{title}</p>
      <p>{message.detail}</p>
      {onRetry && (
        <p>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
    </div>
  )
}
