import { memo } from 'react'
import type { CoverageSource } from '../../../api/contract/coverage'

interface HeatmapColumnsProps {
  sources: CoverageSource[]
  gutter: number
  columnWidth: number
}

/**
 * Source names over the columns they head. Hidden from assistive technology, which gets the same sources in
 * the summary table and in every cell's description.
 */
export const HeatmapColumns = memo(function HeatmapColumns({ sources, gutter, columnWidth }: HeatmapColumnsProps) {
  return (
    <div className="heatmap-columns" aria-hidden="true">
      {gutter > 0 && (
        <span className="heatmap-gutter-title" style={{ width: gutter }}>
          Project
        </span>
      )}
      {sources.map((source) => (
        <span key={source.id} className="heatmap-column-name" style={{ width: columnWidth }} title={source.name}>
          {source.name}
        </span>
      ))}
    </div>
  )
})
