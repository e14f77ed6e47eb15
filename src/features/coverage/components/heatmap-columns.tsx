import { memo } from 'react'
import type { CoverageSource } from '../../../api/contract/coverage'

interface HeatmapColumnsProps {
  sources: CoverageSource[]
  gutter: number
  columnWidth: number
}

/** Below this width a column's name stands upright: three lines of a few letters broke names mid-word on a phone. */
const uprightBelow = 72

/**
 * Source names over the columns they head. Hidden from assistive technology, which gets the same sources in
 * the summary table and in every cell's description.
 */
export const HeatmapColumns = memo(function HeatmapColumns({ sources, gutter, columnWidth }: HeatmapColumnsProps) {
  const upright = columnWidth < uprightBelow
  return (
    <div className={upright ? 'heatmap-columns heatmap-columns-upright' : 'heatmap-columns'} aria-hidden="true">
      {gutter > 0 && (
        <span className="heatmap-gutter-title" style={{ width: gutter }}>
          Project
        </span>
      )}
      {sources.map((source) => (
        // Upright, the one line is as tall as the column is wide, which sets the name in the column's middle.
        <span key={source.id} className="heatmap-column-name" style={{ width: columnWidth, lineHeight: upright ? `${columnWidth}px` : undefined }} title={source.name}>
          {source.name}
        </span>
      ))}
    </div>
  )
})
