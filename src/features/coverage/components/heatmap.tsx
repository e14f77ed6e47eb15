import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { formatCount } from '../../../lib/format'
import { describeCell } from '../lib/describe-cell'
import { drawHeatmap, type HeatmapPalette } from '../lib/draw-heatmap'
import {
  cellAt,
  cellRect,
  computeLayout,
  contentHeight,
  moveByKey,
  scrollToReveal,
  type CellPosition,
} from '../lib/heatmap-layout'
import { cellFacts, type HeatmapModel } from '../lib/heatmap-model'
import { readPalette } from '../lib/heatmap-palette'
import { useDarkScheme } from '../lib/use-dark-scheme'
import { useElementSize } from '../lib/use-element-size'
import { HeatmapColumns } from './heatmap-columns'
import { HeatmapTooltip } from './heatmap-tooltip'

export interface HeatmapSelection {
  column: number
  keys: ReadonlySet<string>
}

interface HeatmapProps {
  model: HeatmapModel
  rowHeight: number
  selection: HeatmapSelection | null
  onOpenProject: (key: string) => void
  onToggleCell: (cell: CellPosition) => void
}

const samePosition = (a: CellPosition | null, b: CellPosition | null) =>
  a === b || (a !== null && b !== null && a.row === b.row && a.column === b.column)

/**
 * Projects by sources on a canvas, one thin row per project. The canvas is as tall as the visible area; the
 * scroll position picks the rows it draws. Hover and focus are drawn by elements over it, so moving the
 * pointer never redraws the map.
 */
export function Heatmap({ model, rowHeight, selection, onOpenProject, onToggleCell }: HeatmapProps) {
  const instructionsId = useId()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const paletteRef = useRef<{ dark: boolean; palette: HeatmapPalette } | null>(null)
  const [setViewport, viewportSize] = useElementSize<HTMLDivElement>()
  const [scrollTop, setScrollTop] = useState(0)
  const [hover, setHover] = useState<CellPosition | null>(null)
  const [focus, setFocus] = useState<CellPosition | null>(null)
  const [focused, setFocused] = useState(false)
  const dark = useDarkScheme()

  const rowCount = model.rows.length
  const columnCount = model.sources.length
  const layout = useMemo(
    () =>
      computeLayout({
        availableWidth: viewportSize.width,
        viewportHeight: viewportSize.height,
        rowHeight,
        rowCount,
        columnCount,
        scrollTop,
      }),
    [viewportSize.width, viewportSize.height, rowHeight, rowCount, columnCount, scrollTop],
  )
  // A new matrix (other filters) may have fewer rows than the focused one.
  const active = focus && focus.row < rowCount && focus.column < columnCount ? focus : null

  useLayoutEffect(() => {
    const canvas = canvasRef.current
    if (!canvas || layout.height === 0 || layout.width === 0) return
    const ctx = canvas.getContext('2d')
    if (!ctx) return
    if (paletteRef.current?.dark !== dark) paletteRef.current = { dark, palette: readPalette(canvas) }
    const ratio = window.devicePixelRatio || 1
    const width = Math.round(layout.width * ratio)
    const height = Math.round(layout.height * ratio)
    if (canvas.width !== width) canvas.width = width
    if (canvas.height !== height) canvas.height = height
    canvas.style.width = `${layout.width}px`
    canvas.style.height = `${layout.height}px`
    const ms = drawHeatmap(ctx, model, layout, paletteRef.current.palette, { pixelRatio: ratio, selection })
    // Read by the benchmark and the end-to-end tests.
    canvas.dataset.drawMs = ms.toFixed(2)
    canvas.dataset.drawnRows = String(rowCount)
  }, [model, layout, selection, dark, rowCount])

  const pointAt = (event: MouseEvent<HTMLElement>) => {
    const canvas = canvasRef.current
    if (!canvas) return null
    const box = canvas.getBoundingClientRect()
    return cellAt(layout, event.clientX - box.left, event.clientY - box.top)
  }


  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rowCount === 0) return
    const current = active ?? { row: Math.floor(layout.scrollTop / rowHeight), column: 0 }
    if (event.key === 'Enter') {
      event.preventDefault()
      onOpenProject(model.rows[current.row].key)
      return
    }
    if (event.key === ' ') {
      event.preventDefault()
      setFocus(current)
      onToggleCell(current)
      return
    }
    const next = moveByKey(current, event.key, layout, event.ctrlKey || event.metaKey)
    if (!next) return
    event.preventDefault()
    setFocus(next)
    const top = scrollToReveal(layout, next.row)
    if (top !== event.currentTarget.scrollTop) event.currentTarget.scrollTop = top
  }

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = pointAt(event)
    if (!cell) return
    setFocus(cell)
    if (event.shiftKey) onToggleCell(cell)
    else onOpenProject(model.rows[cell.row].key)
  }

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const cell = pointAt(event)
    setHover((current) => (samePosition(current, cell) ? current : cell))
  }

  const shown = hover ?? (focused ? active : null)
  const cursor = shown ? cellRect(layout, shown) : null
  const announcement = active ? describeCell(cellFacts(model, active.row, active.column)) : ''

  return (
    <div className="heatmap">
      <HeatmapColumns sources={model.sources} gutter={layout.gutter} columnWidth={layout.columnWidth} />
      <div className="heatmap-stage">
        <div
          ref={setViewport}
          className="heatmap-viewport"
          role="application"
          aria-roledescription="heatmap"
          aria-label={`Coverage heatmap: ${formatCount(rowCount, 'project')} by ${formatCount(columnCount, 'source')}`}
          aria-describedby={instructionsId}
          tabIndex={0}
          onScroll={(event) => {
            setScrollTop(event.currentTarget.scrollTop)
            setHover(null)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setFocused(true)
            if (!active && rowCount > 0) setFocus({ row: Math.floor(layout.scrollTop / rowHeight), column: 0 })
          }}
          onBlur={() => setFocused(false)}
          onClick={onClick}
          onMouseMove={onMouseMove}
          onMouseLeave={() => setHover(null)}
        >
          <div className="heatmap-spacer" style={{ height: contentHeight(layout), width: layout.width }}>
            <canvas ref={canvasRef} className="heatmap-canvas" aria-hidden="true" />
          </div>
        </div>
        {cursor && cursor.y + cursor.height > 0 && cursor.y < layout.height && (
          <div
            className={`heatmap-cursor${hover ? '' : ' heatmap-cursor-focus'}`}
            aria-hidden="true"
            style={{ left: cursor.x, top: cursor.y, width: cursor.width, height: Math.max(cursor.height, 3) }}
          />
        )}
        {shown && <HeatmapTooltip model={model} layout={layout} cell={shown} pointer={hover !== null} />}
      </div>
      <p id={instructionsId} className="heatmap-instructions muted">
        Arrow keys move between cells, Page Up and Page Down move a screen, Home and End go to the first and last
        source. Enter opens the project; Space adds the cell to the selection of its source.
      </p>
      <p className="heatmap-announcer" aria-live="polite" aria-atomic="true">
        {announcement ? `Focused: ${announcement}` : ''}
      </p>
    </div>
  )
}
