import { describe, expect, it } from 'vitest'
import {
  cellAt,
  cellRect,
  computeLayout,
  defaultRowHeight,
  moveByKey,
  scrollToReveal,
  visibleRows,
} from '../../src/features/coverage/lib/heatmap-layout'

const layout = (overrides: Partial<Parameters<typeof computeLayout>[0]> = {}) =>
  computeLayout({ availableWidth: 1000, viewportHeight: 500, rowHeight: 2, rowCount: 10_000, columnCount: 10, scrollTop: 0, ...overrides })

describe('heatmap layout', () => {
  it('shares the width between the sources and keeps a gutter for keys only when rows can show them', () => {
    expect(layout()).toMatchObject({ gutter: 0, columnWidth: 100, width: 1000, height: 500 })
    const tall = layout({ rowHeight: 16 })
    expect(tall.gutter).toBeGreaterThan(0)
    expect(tall.columnWidth).toBe(Math.floor((1000 - tall.gutter) / 10))
  })

  it('is never taller than its rows, and clamps the scroll position to them', () => {
    expect(layout({ rowCount: 20, rowHeight: 8 }).height).toBe(160)
    expect(layout({ scrollTop: 1e9 }).scrollTop).toBe(20_000 - 500)
  })

  it('draws only the rows in view', () => {
    expect(visibleRows(layout())).toEqual({ first: 0, last: 249 })
    expect(visibleRows(layout({ scrollTop: 1001 }))).toEqual({ first: 500, last: 750 })
    expect(visibleRows(layout({ rowCount: 0 }))).toEqual({ first: 0, last: -1 })
  })

  it('finds the cell under the pointer, taking the scroll into account', () => {
    const scrolled = layout({ scrollTop: 1000 })
    expect(cellAt(scrolled, 250, 5)).toEqual({ row: 502, column: 2 })
    expect(cellAt(scrolled, 999, 499)).toEqual({ row: 749, column: 9 })
    expect(cellAt(scrolled, 1000, 5)).toBeNull()
    expect(cellAt(layout({ rowHeight: 16 }), 10, 5)).toBeNull()
  })

  it('places a cell where cellAt finds it', () => {
    const scrolled = layout({ rowHeight: 8, scrollTop: 80 })
    const rect = cellRect(scrolled, { row: 12, column: 3 })
    expect(rect).toEqual({ x: 300, y: 16, width: 100, height: 8 })
    expect(cellAt(scrolled, rect.x + 1, rect.y + 1)).toEqual({ row: 12, column: 3 })
  })

  it('scrolls as little as needed to reveal a row', () => {
    const view = layout({ rowHeight: 10, scrollTop: 1000 })
    expect(scrollToReveal(view, 120)).toBe(1000)
    expect(scrollToReveal(view, 90)).toBe(900)
    expect(scrollToReveal(view, 160)).toBe(1610 - 500)
  })

  it('moves across cells with the arrow keys and stops at the edges', () => {
    const view = layout({ rowHeight: 10 })
    expect(moveByKey({ row: 0, column: 0 }, 'ArrowUp', view)).toEqual({ row: 0, column: 0 })
    expect(moveByKey({ row: 0, column: 0 }, 'ArrowDown', view)).toEqual({ row: 1, column: 0 })
    expect(moveByKey({ row: 5, column: 9 }, 'ArrowRight', view)).toEqual({ row: 5, column: 9 })
    expect(moveByKey({ row: 5, column: 9 }, 'ArrowLeft', view)).toEqual({ row: 5, column: 8 })
    expect(moveByKey({ row: 5, column: 4 }, 'PageDown', view)).toEqual({ row: 54, column: 4 })
    expect(moveByKey({ row: 5, column: 4 }, 'Home', view)).toEqual({ row: 5, column: 0 })
    expect(moveByKey({ row: 5, column: 4 }, 'End', view, true)).toEqual({ row: 9_999, column: 9 })
    expect(moveByKey({ row: 5, column: 4 }, 'x', view)).toBeNull()
  })

  it('picks a readable row height for the number of projects', () => {
    expect(defaultRowHeight(12)).toBe(24)
    expect(defaultRowHeight(300)).toBe(8)
    expect(defaultRowHeight(10_000)).toBe(2)
  })
})
