import type { Tone } from '../lib/labels'

interface StateBadgeProps {
  tone: Tone
  children: string
}

/** A state in words with a tone that repeats it; the colour never carries the meaning alone. */
export function StateBadge({ tone, children }: StateBadgeProps) {
  return <span className={`badge state-badge state-badge-${tone}`}>{children}</span>
}
