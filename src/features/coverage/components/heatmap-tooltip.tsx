import { freshnessNames } from '../../../api/project-labels'
import { formatDateTime } from '../../../lib/format'
import { cadencePhrase, formatAge } from '../../../lib/format-age'
import { cellFacts, type HeatmapModel } from '../lib/heatmap-model'
import { registryProjects } from '../lib/describe-cell'
import { cellRect, type CellPosition, type HeatmapLayout } from '../lib/heatmap-layout'

interface HeatmapTooltipProps {
  model: HeatmapModel
  layout: HeatmapLayout
  cell: CellPosition
  /** Whether the mouse points at the cell (rather than the keyboard focusing it), which changes the hint. */
  pointer: boolean
}

/** The facts of one cell next to it; the same facts reach screen readers through the heatmap's live region. */
export function HeatmapTooltip({ model, layout, cell, pointer }: HeatmapTooltipProps) {
  const facts = cellFacts(model, cell.row, cell.column)
  const rect = cellRect(layout, cell)
  if (rect.y + rect.height <= 0 || rect.y >= layout.height) return null
  // Beside the cell, on whichever side has room; above it in the lower half.
  const right = rect.x > layout.width / 2
  const below = rect.y < layout.height / 2
  const style = {
    left: right ? rect.x - 8 : rect.x + rect.width + 8,
    top: below ? Math.max(0, rect.y) : rect.y + rect.height,
  }
  const placement = `${right ? ' heatmap-tooltip-left' : ''}${below ? '' : ' heatmap-tooltip-above'}`
  return (
    <div className={`heatmap-tooltip${placement}`} style={style} aria-hidden="true">
      <p className="heatmap-tooltip-project">
        {facts.row.name} <span className="muted">({facts.row.key})</span>
      </p>
      <p>{facts.source.name}</p>
      {facts.applicable ? (
        <p>
          <span className={`heatmap-state heatmap-state-${facts.state}`}>{freshnessNames[facts.state ?? 'missing']}
            {facts.shade && `, ${facts.shade}`}
          </span>
          {facts.updatedAt ? (
            <>
              {' '}
              · updated {formatAge(facts.ageHours)}
              <br />
              <span className="muted">
                {formatDateTime(facts.updatedAt)} · expected {cadencePhrase(facts.source.cadence_hours)}
              </span>
            </>
          ) : (
            ' · never updated'
          )}
        </p>
      ) : (
        <p className="muted">Not applicable: this source covers only {registryProjects(facts.source)}.</p>
      )}
      <p className="heatmap-tooltip-hint muted">
        {pointer ? 'Click to open the project · Shift+click to select' : 'Enter opens the project · Space selects'}
      </p>
    </div>
  )
}
