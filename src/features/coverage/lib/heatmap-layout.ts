/**
 * Geometry of the heatmap. The canvas is as tall as the visible area and the scroll position says which rows
 * it shows, so drawing costs the same for a hundred projects or twenty thousand.
 */
export interface HeatmapLayout {
  /** Canvas size in CSS pixels. */
  width: number
  height: number
  /** Left margin for project keys, drawn only when rows are tall enough to read them. */
  gutter: number
  columnWidth: number
  rowHeight: number
  rowCount: number
  columnCount: number
  scrollTop: number
}

export interface CellPosition {
  row: number
  column: number
}

export const rowHeights = [1, 2, 4, 8, 16, 24] as const
export type RowHeight = (typeof rowHeights)[number]
export const labelledRowHeight = 16
const labelGutter = 104
const minColumnWidth = 14
const maxColumnWidth = 140

/** The row height that shows a matrix of this many rows best when the reader has not chosen one. */
export function defaultRowHeight(rowCount: number): RowHeight {
  if (rowCount <= 40) return 24
  if (rowCount <= 400) return 8
  if (rowCount <= 2_000) return 4
  return 2
}

export function computeLayout(input: {
  availableWidth: number
  viewportHeight: number
  rowHeight: number
  rowCount: number
  columnCount: number
  scrollTop: number
}): HeatmapLayout {
  const { availableWidth, viewportHeight, rowHeight, rowCount, columnCount } = input
  const gutter = rowHeight >= labelledRowHeight ? labelGutter : 0
  const columns = Math.max(1, columnCount)
  const columnWidth = Math.max(minColumnWidth, Math.min(maxColumnWidth, Math.floor((availableWidth - gutter) / columns)))
  const total = rowCount * rowHeight
  const height = Math.max(0, Math.min(viewportHeight, total))
  const scrollTop = Math.max(0, Math.min(input.scrollTop, total - height))
  return { width: gutter + columns * columnWidth, height, gutter, columnWidth, rowHeight, rowCount, columnCount, scrollTop }
}

export const contentHeight = (layout: HeatmapLayout) => layout.rowCount * layout.rowHeight

/** The rows at least partly in view, first and last inclusive; empty when there are none. */
export function visibleRows(layout: HeatmapLayout): { first: number; last: number } {
  if (layout.rowCount === 0 || layout.height === 0) return { first: 0, last: -1 }
  const first = Math.floor(layout.scrollTop / layout.rowHeight)
  const last = Math.min(layout.rowCount - 1, Math.floor((layout.scrollTop + layout.height - 1) / layout.rowHeight))
  return { first, last }
}

/** The cell under a point of the canvas (CSS pixels from its top left), if any. */
export function cellAt(layout: HeatmapLayout, x: number, y: number): CellPosition | null {
  if (x < layout.gutter || y < 0 || y >= layout.height) return null
  const column = Math.floor((x - layout.gutter) / layout.columnWidth)
  const row = Math.floor((y + layout.scrollTop) / layout.rowHeight)
  if (column < 0 || column >= layout.columnCount || row < 0 || row >= layout.rowCount) return null
  return { row, column }
}

/** Where a cell is on the canvas; `y` may fall outside it when the row is scrolled away. */
export function cellRect(layout: HeatmapLayout, { row, column }: CellPosition) {
  return {
    x: layout.gutter + column * layout.columnWidth,
    y: row * layout.rowHeight - layout.scrollTop,
    width: layout.columnWidth,
    height: layout.rowHeight,
  }
}

/** The scroll position that brings a row into view, moving as little as possible. */
export function scrollToReveal(layout: HeatmapLayout, row: number): number {
  const top = row * layout.rowHeight
  const bottom = top + layout.rowHeight
  if (top < layout.scrollTop) return top
  if (bottom > layout.scrollTop + layout.height) return bottom - layout.height
  return layout.scrollTop
}

/** Moves a position by a key press; returns null for keys the heatmap does not use. */
export function moveByKey(
  position: CellPosition,
  key: string,
  layout: Pick<HeatmapLayout, 'rowCount' | 'columnCount' | 'height' | 'rowHeight'>,
  ctrlKey = false,
): CellPosition | null {
  const page = Math.max(1, Math.floor(layout.height / layout.rowHeight) - 1)
  const clampRow = (row: number) => Math.max(0, Math.min(layout.rowCount - 1, row))
  const clampColumn = (column: number) => Math.max(0, Math.min(layout.columnCount - 1, column))
  const { row, column } = position
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(row - 1), column }
    case 'ArrowDown':
      return { row: clampRow(row + 1), column }
    case 'ArrowLeft':
      return { row, column: clampColumn(column - 1) }
    case 'ArrowRight':
      return { row, column: clampColumn(column + 1) }
    case 'PageUp':
      return { row: clampRow(row - page), column }
    case 'PageDown':
      return { row: clampRow(row + page), column }
    case 'Home':
      return ctrlKey ? { row: 0, column: 0 } : { row, column: 0 }
    case 'End':
      return ctrlKey ? { row: clampRow(layout.rowCount - 1), column: clampColumn(layout.columnCount - 1) } : { row, column: clampColumn(layout.columnCount - 1) }
    default:
      return null
  }
}
