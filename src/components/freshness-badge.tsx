import type { FreshnessState } from '../api/contract/common'
import { freshnessNames } from '../api/project-labels'
import { formatAge } from '../lib/format-age'
import { hoursSince } from '../lib/age'
import './badges.css'


interface FreshnessBadgeProps {
  state: FreshnessState
  updatedAt: string | null
}

/** The state is written out, not only coloured, so it reads the same without colour. */
export function FreshnessBadge({ state, updatedAt }: FreshnessBadgeProps) {
  const age = hoursSince(updatedAt)
  return (
    <span className="freshness">
      <span className={`badge freshness-badge freshness-${state}`}>{freshnessNames[state]}</span>
      {age !== null && <span className="muted freshness-age">{formatAge(age)}</span>}
    </span>
  )
}
