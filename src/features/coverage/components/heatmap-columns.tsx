import { memo } from 'react'
import type { CoverageSource } from '../../../api/contract/coverage'

interface HeatmapColumnsProps {
  sources: CoverageSource[]
  gutter: number
  columnWidth: number
}

/** Below this width a column's name stands upright: three lines of a few letters broke names mid-word on a phone. */
const uprightBelow = 72

/** The least width of a line of an upright name: a column twice as wide holds two. */
const uprightLine = 18

const uprightLines = (columnWidth: number) => Math.max(1, Math.floor(columnWidth / uprightLine))

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
        <span key={source.id} className="heatmap-column-name" style={{ width: columnWidth }} title={source.name}>
          {upright ? (
            <span className="heatmap-column-upright-text" style={{ WebkitLineClamp: uprightLines(columnWidth) }}>
              {source.name}
            </span>
          ) : (
            source.name
          )}
        </span>
      ))}
    </div>
  )
})
