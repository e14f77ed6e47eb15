interface SkeletonProps {
  lines?: number
  /** Read to assistive technology while the placeholder shows. */
  label?: string
  className?: string
}

/** Placeholder lines in the shape of the text to come, so a page never opens blank. */
export function Skeleton({ lines = 3, label = 'Loading…', className }: SkeletonProps) {
  return (
    <div className={['skeleton', className].filter(Boolean).join(' ')} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  )
}

interface TableSkeletonProps {
  rows?: number
  cols?: number
  /**
   * Lines of text a row of the table to come holds (a name over a description, say), so the placeholder
   * takes about the room of the table and what follows it does not jump when the data arrives.
   */
  rowLines?: number
  label?: string
}

export function TableSkeleton({ rows = 8, cols = 5, rowLines = 1, label = 'Loading…' }: TableSkeletonProps) {
  return (
    <div className="skeleton-table" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows + 1 }, (_, r) => (
        <div key={r} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: cols }, (_, c) =>
            // The header row and all but the first column hold one line.
            r > 0 && c === 0 && rowLines > 1 ? (
              <div key={c} className="skeleton-cell-stack">
                {Array.from({ length: rowLines }, (_, l) => (
                  <div key={l} className="skeleton-cell" />
                ))}
              </div>
            ) : (
              <div key={c} className="skeleton-cell" />
            ),
          )}
        </div>
      ))}
    </div>
  )
}
