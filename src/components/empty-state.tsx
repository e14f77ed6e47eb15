import type { ReactNode } from 'react'

interface EmptyStateProps {
  title: string
  children?: ReactNode
  /** A link or button that gets the reader out of the empty state. */
  action?: ReactNode
  /** `h1` when the empty state is the whole page (a not-found route). */
  headingLevel?: 'h1' | 'h2' | 'h3'
}

export function EmptyState({ title, children, action, headingLevel: Heading = 'h2' }: EmptyStateProps) {
  return (
    <section className="empty-state">
      <Heading>{title}</Heading>
      {children && <div className="muted">{children}</div>}
      {action && <p>{action}</p>}
    </section>
  )
}
