import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'

interface RowNavigationOptions {
  count: number
  /** Rows per screenful, for Page Up and Page Down. */
  rowsPerScreen: () => number
  scrollToIndex: (index: number) => void
  onOpen: (index: number) => void
  /** Space on a row: tick or untick it for comparison. */
  onToggle: (index: number) => void
  container: React.RefObject<HTMLElement | null>
}

const indexOf = (target: EventTarget) => {
  const row = (target as HTMLElement).closest('tr[data-index]') as HTMLElement | null
  return row ? Number(row.dataset.index) : null
}

/**
 * Roving focus over virtualized rows: one row is in the tab order, the arrow keys, Home, End and Page Up/Down
 * move it (scrolling the row into the window first, since it may not be rendered yet), Enter opens it and
 * Space ticks it for comparison.
 */
export function useRowNavigation({ count, rowsPerScreen, scrollToIndex, onOpen, onToggle, container }: RowNavigationOptions) {
  const [active, setActive] = useState(0)
  const pendingFocus = useRef<number | null>(null)

  useEffect(() => {
    if (pendingFocus.current === null) return
    const row = container.current?.querySelector<HTMLElement>(`tr[data-index="${pendingFocus.current}"]`)
    if (row) {
      row.focus({ preventScroll: true })
      // The table scrolled it into its own box; the page too, as far as it must, or the focus went below the
      // screen's edge from the tenth row on at 1280 px. (A test's DOM lays nothing out, and has no scrolling.)
      row.scrollIntoView?.({ block: 'nearest' })
      pendingFocus.current = null
    }
  })

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(count - 1, index))
    setActive(next)
    pendingFocus.current = next
    scrollToIndex(next)
  }

  function onKeyDown(event: KeyboardEvent) {
    const current = indexOf(event.target)
    if (current === null || event.altKey || event.ctrlKey || event.metaKey) return
    const pageRows = rowsPerScreen()
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
      PageDown: current + pageRows,
      PageUp: current - pageRows,
    }
    if (event.key in moves) {
      event.preventDefault()
      moveTo(moves[event.key])
    } else if (event.key === 'Enter' && (event.target as HTMLElement).matches('tr')) {
      event.preventDefault()
      onOpen(current)
    } else if (event.key === ' ' && (event.target as HTMLElement).matches('tr')) {
      event.preventDefault()
      onToggle(current)
    }
  }

  function onFocus(event: React.FocusEvent) {
    const index = indexOf(event.target)
    if (index !== null) setActive(index)
  }

  function onClick(event: MouseEvent) {
    const index = indexOf(event.target)
    // A click on the key's link navigates by itself, one on the checkbox or its label ticks the row; selecting text
    // in a row is not a request to open it.
    const target = event.target as HTMLElement
    if (index === null || target.closest('a, input, label') || window.getSelection()?.toString()) return
    onOpen(index)
  }

  return { active: Math.min(active, Math.max(0, count - 1)), setActive, focusRow: moveTo, onKeyDown, onFocus, onClick }
}
