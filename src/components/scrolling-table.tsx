import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'

type ScrollingTableProps = {
  children: ReactNode
  /** Classes beside `table-wrap`, for a table's own widths. */
  className?: string
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never })

/**
 * The box a table scrolls in when it is wider than the screen: a named region that takes the keyboard's focus, so
 * its hidden columns can be reached with the arrow keys (and axe's scrollable-region-focusable holds), and a
 * screen reader says which table the box holds. When the table is wider than the box, a line above it says so: on a
 * phone, the columns past the edge were otherwise hidden without a word; and its caption stays within the box, as
 * wide as the box and in place as the table scrolls, where it was one line as wide as the table, cut at the edge.
 */
export function ScrollingTable({ children, className, label, labelledBy }: ScrollingTableProps) {
  const box = useRef<HTMLDivElement>(null)
  const wider = useWiderThanBox(box)
  return (
    <div ref={box} className={className ? `table-wrap ${className}` : 'table-wrap'} tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {wider && <p className="table-scroll-hint">Scroll sideways for more columns</p>}
      {children}
    </div>
  )
}

/**
 * Whether what the box holds is wider than the box, as the box or what it holds change size. A table is replaced as
 * its data comes, so the box's children are watched as they come and go (one observer of each kind for the box's
 * life, not one a render); where the browser cannot watch sizes (a test's DOM), never.
 */
function useWiderThanBox(box: RefObject<HTMLDivElement | null>) {
  const [wider, setWider] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const check = () => {
      setWider(element.scrollWidth > element.clientWidth + 1)
      // A caption is as wide as its table: held to the box's width (global.css), it wraps where it can be read.
      element.style.setProperty('--table-box-width', `${element.clientWidth}px`)
    }
    const sizes = new ResizeObserver(check)
    const watchChildren = () => {
      sizes.disconnect()
      sizes.observe(element)
      for (const child of element.children) sizes.observe(child)
    }
    const children = new MutationObserver(watchChildren)
    children.observe(element, { childList: true })
    watchChildren()
    return () => {
      children.disconnect()
      sizes.disconnect()
    }
  }, [box])
  return wider
}
