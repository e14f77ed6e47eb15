import { useLayoutEffect, useRef } from 'react'
import uPlot from 'uplot'
// uPlot's stylesheet is bundled with this lazy module: a file the page links, which the CSP's `style-src 'self'`
// allows. uPlot itself sizes its layers through element.style properties, which the policy does not block.
import 'uplot/dist/uPlot.min.css'
import { barPlotData, barPlotOptions, type ChartTheme } from './bar-plot-options'
import type { BarChartModel } from './chart-model'

interface UplotBarsProps {
  model: BarChartModel
  height: number
  /** Draw the bars now; until then nothing is drawn, and the module is merely loaded, ready for a print. */
  draw: boolean
}

/** The canvas of a bar chart. Loaded on its own, only by the views that draw a chart. */
export default function UplotBars({ model, height, draw }: UplotBarsProps) {
  const container = useRef<HTMLDivElement>(null)
  // Drawn as the render that asks for it commits, not in a later task: a print's render is laid out as its event
  // returns. (uPlot paints its canvas in a microtask, which runs before that too.)
  useLayoutEffect(() => {
    const element = container.current
    if (!draw || !element) return
    let plot: uPlot | undefined
    const plotBars = () => {
      plot?.destroy()
      const width = Math.max(element.clientWidth, 120)
      plot = new uPlot(barPlotOptions(model, readTheme(element), width, height), barPlotData(model), element)
    }
    plotBars()
    // A label cut to fit is read whole by pointing at its bar: the picture's title names the category under it.
    const name = (event: MouseEvent) => {
      if (!plot) return
      const area = plot.over.getBoundingClientRect()
      const offset = model.kind === 'horizontal' ? event.clientY - area.top : event.clientX - area.left
      const label = model.categories[Math.round(plot.posToVal(offset, 'x'))]
      if (label !== undefined && element.title !== label) element.title = label
    }
    element.addEventListener('mousemove', name)
    const resize = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 120)
      if (plot && plot.width !== width) plot.setSize({ width, height })
    })
    resize.observe(element)
    // The canvas holds colours, not variables: a change of colour scheme draws it again.
    const scheme = window.matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', plotBars)
    return () => {
      element.removeEventListener('mousemove', name)
      scheme.removeEventListener('change', plotBars)
      resize.disconnect()
      plot?.destroy()
    }
  }, [model, height, draw])
  return draw ? <div ref={container} className="chart-plot" /> : null
}

function readTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    series: [1, 2, 3, 4].map((n) => read(`--chart-series-${n}`, '#2563a8')),
    axis: read('--chart-axis', '#4f5a53'),
    grid: read('--chart-grid', '#dfe5e0'),
    font: style.fontFamily || 'system-ui, sans-serif',
  }
}
