import { CellClass, type HeatmapModel } from './heatmap-model'
import { visibleRows, type HeatmapLayout } from './heatmap-layout'

export interface HeatmapPalette {
  background: string
  /** Indexed by CellClass; not-applicable cells take a hatch pattern where the canvas can make one. */
  cells: Record<CellClass, string | CanvasPattern>
  selected: string
  label: string
  font: string
}

/** The subset of the 2D context the heatmap uses, so the drawing can be exercised without a browser. */
export type HeatmapContext = Pick<
  CanvasRenderingContext2D,
  'setTransform' | 'clearRect' | 'fillRect' | 'fillText' | 'fillStyle' | 'font' | 'textBaseline' | 'globalAlpha'
>

export interface DrawOptions {
  /** Device pixels per CSS pixel. */
  pixelRatio?: number
  /** The source column whose selected projects are marked, and which projects those are. */
  selection?: { column: number; keys: ReadonlySet<string> } | null
}

/**
 * Draws the rows in view. Runs of equal cells down a column are filled as one rectangle, so thin rows of a
 * sorted matrix cost a handful of fills per column. Returns how long the drawing took, in milliseconds.
 */
export function drawHeatmap(
  ctx: HeatmapContext,
  model: HeatmapModel,
  layout: HeatmapLayout,
  palette: HeatmapPalette,
  options: DrawOptions = {},
): number {
  const started = performance.now()
  const ratio = options.pixelRatio ?? 1
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.clearRect(0, 0, layout.width, layout.height)
  ctx.fillStyle = palette.background
  ctx.fillRect(0, 0, layout.width, layout.height)

  const { first, last } = visibleRows(layout)
  if (last < first) return performance.now() - started
  const { rowHeight, columnWidth, gutter, scrollTop } = layout
  const width = model.sources.length
  // Gaps between cells only where they stay visible; thin rows are drawn edge to edge.
  const rowGap = rowHeight >= 6 ? 1 : 0
  const columnGap = columnWidth >= 10 ? 2 : 0
  const cellWidth = columnWidth - columnGap

  for (let column = 0; column < width; column++) {
    const x = gutter + column * columnWidth
    let runStart = first
    let runClass = model.classes[first * width + column]
    for (let row = first + 1; row <= last + 1; row++) {
      const value = row <= last ? model.classes[row * width + column] : -1
      if (value === runClass && rowGap === 0) continue
      ctx.fillStyle = palette.cells[runClass as CellClass]
      const y = runStart * rowHeight - scrollTop
      ctx.fillRect(x, y, cellWidth, (row - runStart) * rowHeight - rowGap)
      runStart = row
      runClass = value
    }
  }

  if (options.selection) drawSelection(ctx, model, layout, palette, options.selection, first, last)
  if (gutter > 0) drawLabels(ctx, model, layout, palette, first, last)
  return performance.now() - started
}

function drawSelection(
  ctx: HeatmapContext,
  model: HeatmapModel,
  layout: HeatmapLayout,
  palette: HeatmapPalette,
  selection: NonNullable<DrawOptions['selection']>,
  first: number,
  last: number,
) {
  if (selection.keys.size === 0 || selection.column >= model.sources.length) return
  const x = layout.gutter + selection.column * layout.columnWidth
  const marker = Math.min(4, Math.max(2, Math.floor(layout.columnWidth / 5)))
  ctx.fillStyle = palette.selected
  for (let row = first; row <= last; row++) {
    if (!selection.keys.has(model.rows[row].key)) continue
    const y = row * layout.rowHeight - layout.scrollTop
    // A solid bar at the cell's left edge marks it at any row height; a veil over the cell makes it stand out.
    ctx.globalAlpha = 1
    ctx.fillRect(x, y, marker, layout.rowHeight)
    ctx.globalAlpha = 0.35
    ctx.fillRect(x + marker, y, layout.columnWidth - marker, layout.rowHeight)
  }
  ctx.globalAlpha = 1
}

function drawLabels(
  ctx: HeatmapContext,
  model: HeatmapModel,
  layout: HeatmapLayout,
  palette: HeatmapPalette,
  first: number,
  last: number,
) {
  ctx.fillStyle = palette.label
  ctx.font = palette.font
  ctx.textBaseline = 'middle'
  for (let row = first; row <= last; row++) {
    const y = row * layout.rowHeight - layout.scrollTop + layout.rowHeight / 2
    ctx.fillText(model.rows[row].key, 4, y, layout.gutter - 8)
  }
}
