import { CellClass } from './heatmap-model'
import type { HeatmapPalette } from './draw-heatmap'

/**
 * The canvas cannot read CSS, so the colours are taken from the heatmap's custom properties (coverage.css)
 * whenever the colour scheme changes; light and dark themes then stay in one place.
 */
export function readPalette(element: Element): HeatmapPalette {
  const style = getComputedStyle(element)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const hatch = read('--heatmap-not-applicable', '#d9ddd9')
  const background = read('--heatmap-background', '#ffffff')
  return {
    background,
    cells: {
      [CellClass.notApplicable]: hatchPattern(background, hatch) ?? hatch,
      [CellClass.missing]: read('--heatmap-missing', '#7a7f7c'),
      [CellClass.fresh]: read('--heatmap-fresh', '#1d5fa8'),
      [CellClass.dueSoon]: read('--heatmap-due-soon', '#8cbde6'),
      [CellClass.stale]: read('--heatmap-stale', '#f0a05a'),
      [CellClass.veryStale]: read('--heatmap-very-stale', '#a3271c'),
    },
    selected: read('--heatmap-selected', '#6b21a8'),
    label: read('--color-text', '#1a1f1c'),
    font: `12px ${read('--font-mono', 'monospace')}`,
  }
}

/** Thin diagonal lines: "does not apply" reads as texture, not as one more colour to decode. */
function hatchPattern(background: string, line: string): CanvasPattern | null {
  const tile = document.createElement('canvas')
  tile.width = 6
  tile.height = 6
  const ctx = tile.getContext('2d')
  if (!ctx) return null
  ctx.fillStyle = background
  ctx.fillRect(0, 0, 6, 6)
  ctx.strokeStyle = line
  ctx.lineWidth = 1
  ctx.beginPath()
  ctx.moveTo(0, 6)
  ctx.lineTo(6, 0)
  ctx.stroke()
  return ctx.createPattern(tile, 'repeat')
}
