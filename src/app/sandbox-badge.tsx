import { useSandboxStatus } from '../api/rate-limit-status'

/** Tells the reader the app runs on the sandbox key: simulated data and a per-minute request quota. */
export function SandboxBadge() {
  const { isSandbox, limit, remaining } = useSandboxStatus()
  if (!isSandbox) return null
  return (
    <p className="sandbox-badge">
      <span className="badge badge-warning">Sandbox</span>{' '}
      {limit !== null && remaining !== null && (
        <span className="sandbox-quota">
          {remaining} of {limit} requests left this minute
        </span>
      )}
    </p>
  )
}
