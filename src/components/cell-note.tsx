import type { ReactNode } from 'react'
import './cell-note.css'

/**
 * A note under a cell's value ("estimated", "as of …"). It shows on a line of its own, and a space before it keeps
 * the cell's text, as read aloud or copied, two words rather than one ("$6.50 estimate", not "$6.50estimate").
 */
export function CellNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <>
      {' '}
      <span className={className ? `cell-note ${className}` : 'cell-note'}>{children}</span>
    </>
  )
}
