import type { ReactNode } from 'react'

type ScrollingTableProps = {
  children: ReactNode
  /** Classes beside `table-wrap`, for a table's own widths. */
  className?: string
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never })

/**
 * The box a table scrolls in when it is wider than the screen: a named region that takes the keyboard's focus, so
 * its hidden columns can be reached with the arrow keys (and axe's scrollable-region-focusable holds), and a
 * screen reader says which table the box holds.
 */
export function ScrollingTable({ children, className, label, labelledBy }: ScrollingTableProps) {
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'} tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  )
}
