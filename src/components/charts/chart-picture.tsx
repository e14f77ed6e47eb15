import { lazy, Suspense, useRef, type FocusEventHandler, type KeyboardEventHandler } from 'react'
import { useIdle } from '../../lib/use-idle'
import { useNearViewport } from '../../lib/use-near-viewport'
import type { BarChartModel } from './chart-model'

// uPlot and its stylesheet load with the first chart a view draws, never with the home route.
const UplotBars = lazy(() => import('./uplot-bars'))

interface ChartPictureProps {
  /** The chart's name, which the picture is named after. */
  title: string
  model: BarChartModel
  height: number
  /** The keyboard's reading of the bars (useBarFocus). */
  handlers: { onFocus: FocusEventHandler; onBlur: FocusEventHandler; onKeyDown: KeyboardEventHandler }
}

/**
 * A chart's bars on a canvas. They are drawn when a reader nears them, so the drawing costs a page's first screen
 * nothing when the chart sits below it, and when the page is printed. Their code loads once the page is idle, even
 * for a chart no reader has neared: a print (Ctrl+P as the page opens, on a phone) is laid out at once, too soon for
 * code still to come, and printed blank the charts it had not reached.
 */
export function ChartPicture({ title, model, height, handlers }: ChartPictureProps) {
  const picture = useRef<HTMLDivElement>(null)
  const near = useNearViewport(picture)
  const idle = useIdle()
  return (
    <div
      ref={picture}
      className="chart-picture"
      role="img"
      tabIndex={0}
      aria-label={`${title}: bar chart. The arrow keys read each bar; the same numbers are in the table below it.`}
      {...handlers}
      // Holds the chart's height while uPlot loads, so the page does not move. React sets it through the element's
      // style property, which the CSP allows (only style attributes in markup are blocked).
      style={{ minHeight: height }}
    >
      <Suspense fallback={null}>{(near || idle) && <UplotBars model={model} height={height} draw={near} />}</Suspense>
    </div>
  )
}
