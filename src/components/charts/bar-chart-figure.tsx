import { useId, useMemo, type ReactNode } from 'react'
import { canDrawCharts } from './can-draw-charts'
import type { BarChartModel, SeriesColour } from './chart-model'
import { ChartPicture } from './chart-picture'
import { useBarFocus } from './use-bar-focus'
import './charts.css'

export interface BarChartFigureProps {
  /** The chart's name: its visible caption, and the name of the figure, the picture and the table. */
  title: string
  /** A sentence under the caption saying what the chart shows (totals, period, basis). */
  description?: ReactNode
  model: BarChartModel
  /** Names and colours of the series, when more than one. */
  legend?: readonly { label: string; colour: SeriesColour }[]
  /** The chart's numbers as a table. */
  table: ReactNode
  height: number
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText: string
  /** Open the table at first (it is always one keypress away). */
  tableOpen?: boolean
}

/**
 * A chart as a figure: caption, description, the picture (uPlot on a canvas) and the same numbers as a table in
 * a disclosure, reachable by keyboard and read by screen readers. Without a canvas the table stands alone.
 */
export function BarChartFigure({ title, description, model, legend, table, height, emptyText, tableOpen = false }: BarChartFigureProps) {
  const captionId = useId()
  const descriptionId = useId()
  const modelKey = JSON.stringify(model)
  // Callers build the model on each render; the plot is drawn again only when its numbers change.
  const stableModel = useMemo(() => JSON.parse(modelKey) as BarChartModel, [modelKey])
  const empty = model.categories.length === 0
  const focus = useBarFocus(stableModel)

  return (
    <figure className="chart" aria-labelledby={captionId} aria-describedby={description ? descriptionId : undefined}>
      <figcaption id={captionId} className="chart-caption">
        {title}
      </figcaption>
      {description && (
        <p id={descriptionId} className="chart-description">
          {description}
        </p>
      )}
      {empty ? (
        <p className="chart-empty">{emptyText}</p>
      ) : (
        <>
          {legend && legend.length > 1 && (
            <ul className="chart-legend" aria-hidden="true">
              {legend.map(({ label, colour }) => (
                <li key={label}>
                  <span className={`chart-swatch chart-swatch-${colour}`} />
                  {label}
                </li>
              ))}
            </ul>
          )}
          {canDrawCharts() && <ChartPicture title={title} model={stableModel} height={height} handlers={focus.handlers} />}
          {canDrawCharts() && (
            <p className="chart-readout" aria-live="polite">
              {focus.text}
            </p>
          )}
          <details className="chart-data" open={tableOpen || undefined}>
            <summary>Show the numbers as a table</summary>
            {table}
          </details>
        </>
      )}
    </figure>
  )
}
