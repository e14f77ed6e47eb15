import { useState, type KeyboardEvent } from 'react'
import { formatNumber, formatUsd } from '../../lib/format'
import type { BarChartModel } from './chart-model'

/** One bar's category and values in words: what a reader pointing at it sees, for a reader on the keyboard. */
export function describeBar(model: BarChartModel, index: number): string {
  const format = model.valueUnit === 'usd' ? formatUsd : formatNumber
  const category = model.categories[index]
  if (model.kind === 'horizontal') return `${category}: ${format(model.values[index])}`
  return `${category}: ${model.series.map((s) => `${s.label} ${format(s.values[index])}`).join(', ')}`
}

const steps: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_i, last) => last,
}

/**
 * The bar a keyboard reader is on. Focus on the picture starts at the first bar and the arrow keys move along,
 * so a label cut to fit is read whole without a pointer; leaving the picture clears it.
 */
export function useBarFocus(model: BarChartModel) {
  const [index, setIndex] = useState<number | null>(null)
  const last = model.categories.length - 1
  const current = index === null ? null : Math.min(index, last)
  return {
    text: current === null ? '' : describeBar(model, current),
    handlers: {
      onFocus: () => setIndex((i) => i ?? 0),
      onBlur: () => setIndex(null),
      onKeyDown: (event: KeyboardEvent) => {
        const step = steps[event.key]
        if (!step) return
        event.preventDefault()
        setIndex((i) => step(i ?? 0, last))
      },
    },
  }
}
